// The consent page (`#/consent/<id>`): the person signs in with a Lens token of role edit or
// admin (the review page's sign-in, the same token store), sees who asks, picks what it gets,
// and the browser goes back to the application with a code (Allow) or an error (Deny).
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api/client.js";
import { loadToken, saveToken } from "../app/tokenStore.js";
import { errorText } from "../ui/errorText.js";
import { SignIn } from "../ui/SignIn.js";
import { type ConsentInfo, consentApi, type Decision } from "./api.js";
import { ConsentForm } from "./ConsentForm.js";

type View =
  | { state: "checking" }
  | { state: "signin"; error?: string }
  | { state: "ready"; info: ConsentInfo }
  | { state: "leaving" }
  | { state: "failed"; error: string };

const INTRO =
  "An application asks to reach your Lens notes. Sign in with your Lens token (role edit or admin) to approve or deny it.";

export function ConsentPage({ id }: { id: string }) {
  const [token, setToken] = useState(() => loadToken());
  const [view, setView] = useState<View>({ state: "checking" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (token === undefined) {
      setView({ state: "signin" });
      return;
    }
    setView({ state: "checking" });
    consentApi.info(id, token).then(
      (info) => {
        saveToken(token);
        setView({ state: "ready", info });
      },
      (e: unknown) => {
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
          saveToken(undefined);
          setView({ state: "signin", error: errorText(e) });
        } else setView({ state: "failed", error: errorText(e) });
      },
    );
  }, [id, token]);

  const decide = (decision: Decision) => {
    setBusy(true);
    consentApi.decide(id, token, decision).then(
      ({ redirect }) => {
        setView({ state: "leaving" });
        location.assign(redirect);
      },
      (e: unknown) => {
        setBusy(false);
        setView({ state: "failed", error: errorText(e) });
      },
    );
  };

  if (view.state === "ready")
    return (
      <main class="signin">
        <ConsentForm info={view.info} busy={busy} onDecide={decide} />
      </main>
    );
  if (view.state === "signin" || (view.state === "checking" && token === undefined)) {
    return (
      <SignIn
        heading="connect an application"
        intro={INTRO}
        checking={view.state === "checking"}
        error={view.state === "signin" ? view.error : undefined}
        onSubmit={(t) => setToken(t)}
      />
    );
  }
  const text =
    view.state === "checking"
      ? "Loading…"
      : view.state === "leaving"
        ? "Going back to the application…"
        : view.error;
  return (
    <main class="signin">
      <div class="signin-card">
        <h1>
          Lens <span>connect an application</span>
        </h1>
        <p class={view.state === "failed" ? "notice notice-error" : "muted"} role="status">
          {text}
        </p>
      </div>
    </main>
  );
}
