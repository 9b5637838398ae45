// The top bar: the page's name, who is signed in with which role, whether live updates run,
// and Sign out.
import type { LiveStatus } from "../api/events.js";
import type { Me } from "../api/types.js";
import { errorText } from "./errorText.js";

interface Props {
  me: Me;
  live: { status: LiveStatus; error: unknown };
  onSignOut?: () => void;
}

const LIVE_TEXT: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  retrying: "Reconnecting…",
};

export function Header({ me, live, onSignOut }: Props) {
  const who = me.open ? "Open server (no token)" : (me.name ?? "Admin token");
  const liveTitle =
    live.status === "live"
      ? "Changes appear as they happen"
      : live.error
        ? `Live updates interrupted: ${errorText(live.error)}`
        : "Live updates are starting";
  return (
    <header class="topbar">
      <a class="brand" href="#/queue">
        Lens <span>review</span>
      </a>
      <span class={`live live-${live.status}`} title={liveTitle}>
        {LIVE_TEXT[live.status]}
      </span>
      <span class="who">
        {who} · <span class="role">{me.role}</span>
        {me.folders && <span class="folders"> · {me.folders.join(", ")}</span>}
      </span>
      {onSignOut && (
        <button type="button" class="link-button" onClick={onSignOut}>
          Sign out
        </button>
      )}
    </header>
  );
}
