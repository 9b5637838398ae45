// Who is at the page: asks /me (with the kept token, if any). A server that answers without a
// token needs no sign-in; otherwise the sign-in form, and the page once a token works.
import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, createApi } from "../api/client.js";
import type { Me } from "../api/types.js";
import { errorText } from "../ui/errorText.js";
import { SignIn } from "../ui/SignIn.js";
import { Shell } from "./Shell.js";
import { loadToken, saveToken } from "./tokenStore.js";

type Auth =
  | { state: "checking" }
  | { state: "signin"; error?: string }
  | { state: "ready"; me: Me }
  | { state: "failed"; error: string };

export function App() {
  // `n` makes every sign-in a new check, even with the same token as the last one.
  const [creds, setCreds] = useState(() => ({ token: loadToken(), n: 0 }));
  const setToken = (token: string | undefined) => setCreds((c) => ({ token, n: c.n + 1 }));
  const token = creds.token;
  const [auth, setAuth] = useState<Auth>({ state: "checking" });
  const api = useMemo(() => createApi(creds.token), [creds]);

  useEffect(() => {
    let current = true;
    setAuth((a) => (a.state === "signin" ? a : { state: "checking" }));
    api.get<Me>("/me").then(
      (me) => {
        if (!current) return;
        if (token !== undefined) saveToken(token);
        setAuth({ state: "ready", me });
      },
      (e: unknown) => {
        if (!current) return;
        if (e instanceof ApiError && e.status === 401) {
          saveToken(undefined);
          setAuth({
            state: "signin",
            ...(token !== undefined
              ? { error: `That token was not accepted: ${errorText(e)}` }
              : {}),
          });
        } else setAuth({ state: "failed", error: errorText(e) });
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  const signOut = () => {
    saveToken(undefined);
    setToken(undefined);
    setAuth({ state: "signin" });
  };

  if (auth.state === "ready") {
    return (
      <Shell
        api={api}
        me={auth.me}
        onSignOut={auth.me.open ? undefined : signOut}
        onUnauthorized={() => {
          saveToken(undefined);
          setToken(undefined);
          setAuth({ state: "signin", error: "Your token is no longer accepted. Sign in again." });
        }}
      />
    );
  }
  if (auth.state === "failed") {
    return (
      <main class="signin">
        <div class="signin-card">
          <h1>
            Lens <span>review</span>
          </h1>
          <p class="notice notice-error" role="alert">
            Could not reach the server: {auth.error}
          </p>
          <button type="button" class="primary" onClick={() => location.reload()}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  if (auth.state === "checking" && token === undefined) return <p class="loading">Loading…</p>;
  return (
    <SignIn
      checking={auth.state === "checking"}
      error={auth.state === "signin" ? auth.error : undefined}
      onSubmit={(t) => setToken(t)}
    />
  );
}
