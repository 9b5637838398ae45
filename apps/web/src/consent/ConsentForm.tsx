// What the application gets: a role (view, suggest, or edit when the signer has it) and
// folders (all, or some), then Allow or Deny.
import { useState } from "preact/hooks";
import type { ConsentInfo, Decision, GrantRole } from "./api.js";

const ROLE_TEXT: Record<GrantRole, string> = {
  view: "View — read and search notes",
  suggest: "Suggest — read, and propose edits a person accepts or rejects",
  edit: "Edit — as suggest (edits stay suggestions over MCP); more over REST",
};

interface Props {
  info: ConsentInfo;
  busy: boolean;
  onDecide(decision: Decision): void;
}

export function ConsentForm({ info, busy, onDecide }: Props) {
  const wanted = info.requested.role;
  const [role, setRole] = useState<GrantRole>(
    wanted && info.roles.includes(wanted)
      ? wanted
      : info.roles.includes("suggest")
        ? "suggest"
        : "view",
  );
  const asked = info.requested.folders.filter((f) => info.folders.includes(f));
  const [some, setSome] = useState(asked.length > 0);
  const [picked, setPicked] = useState<string[]>(asked);
  const toggle = (f: string) =>
    setPicked((p) => (p.includes(f) ? p.filter((x) => x !== f) : [...p, f]));
  const folders = some ? picked : "all";
  const ready = !some || picked.length > 0;
  return (
    <form
      class="signin-card consent-card"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onDecide({ decision: "allow", role, folders });
      }}
    >
      <h1>
        Lens <span>connect an application</span>
      </h1>
      <p>
        <strong class="consent-client">{info.client.name}</strong> asks to reach your notes. It will
        be sent back to <code>{info.client.redirectHost}</code>.
      </p>
      <fieldset>
        <legend>What it may do</legend>
        {info.roles.map((r) => (
          <label key={r} class="choice">
            <input type="radio" name="role" checked={role === r} onChange={() => setRole(r)} />
            {ROLE_TEXT[r]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Which folders</legend>
        <label class="choice">
          <input type="radio" name="scope" checked={!some} onChange={() => setSome(false)} />
          {info.everyFolder ? "All folders" : `All folders you reach (${info.folders.join(", ")})`}
        </label>
        <label class="choice">
          <input type="radio" name="scope" checked={some} onChange={() => setSome(true)} />
          Only these:
        </label>
        {some && (
          <div class="consent-folders">
            {info.folders.map((f) => (
              <label key={f} class="choice">
                <input type="checkbox" checked={picked.includes(f)} onChange={() => toggle(f)} />
                {f}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <p class="muted small">
        Approved as <strong>{info.signer.name}</strong>. The grant appears in{" "}
        <code>lens token list</code> as “{info.client.name} (approved by {info.signer.name})”, lasts
        30 days, and is revoked there.
      </p>
      <div class="consent-actions">
        <button
          type="button"
          class="reject consent-deny"
          disabled={busy}
          onClick={() => onDecide({ decision: "deny" })}
        >
          Deny
        </button>
        <button type="submit" class="primary" disabled={busy || !ready}>
          Allow
        </button>
      </div>
    </form>
  );
}
