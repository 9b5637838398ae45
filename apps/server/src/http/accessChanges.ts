// Tells the operator when who may call changes without a restart: `lens token add` (another
// process) gives an open server its first token, so from then on every request must carry one;
// revoking the last token opens a loopback server again. The authenticator re-reads the token
// file on its next request; this asks it every 2 s, so the log says so before any request.
import type { Authenticator } from "@lens/access";
import type { Log } from "../log.js";

/** Logs each change of `auth.open`; returns the function that stops watching. */
export function logAccessChanges(auth: Authenticator, log: Log, everyMs = 2000): () => void {
  let open = auth.open;
  const timer = setInterval(() => {
    const now = auth.open;
    if (now === open) return;
    open = now;
    if (now) {
      log.warn(
        "no token left: this server is open again to anyone on this machine (loopback, no token)",
      );
    } else {
      log.warn(
        "a token was added: this server now requires a token on every request (MCP, REST, sync); clients without one get 401",
      );
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
