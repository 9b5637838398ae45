// Sign in with a Lens token (made with `lens token add`). The token is checked against /me
// before it is kept (sessionStorage, this tab only).
import { useState } from "preact/hooks";

interface Props {
  error?: string;
  /** What the page is for (default: review); the consent page says what is being approved. */
  heading?: string;
  intro?: string;
  checking: boolean;
  onSubmit(token: string): void;
}

export function SignIn({ error, checking, onSubmit, heading = "review", intro }: Props) {
  const [token, setToken] = useState("");
  return (
    <main class="signin">
      <form
        class="signin-card"
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim() !== "") onSubmit(token.trim());
        }}
      >
        <h1>
          Lens <span>{heading}</span>
        </h1>
        <p>
          {intro ??
            "Review the suggestions assistants left in your notes. This server needs a token."}
        </p>
        <label for="token">Token</label>
        <input
          id="token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          placeholder="lens_…"
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
        />
        {error && (
          <p class="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={checking || token.trim() === ""}>
          {checking ? "Checking…" : "Sign in"}
        </button>
        <p class="muted small">
          Kept in this browser tab only, never in the address. Ask an admin for one (
          <code>lens token add --role edit</code>); a <code>view</code> token can look but not
          review.
        </p>
      </form>
    </main>
  );
}
