// The outcome of the last review, or an error: an alert when something needs attention.
import type { Notice } from "../app/useReview.js";
import { errorText } from "./errorText.js";

export function NoticeBar({ notice, onDismiss }: { notice?: Notice; onDismiss(): void }) {
  if (!notice) return null;
  return (
    <div class={`notice notice-${notice.tone}`} role={notice.tone === "ok" ? "status" : "alert"}>
      <span class="notice-text">
        {notice.text}
        {notice.link && (
          <>
            {" "}
            <a href={notice.link.href}>{notice.link.text}</a>
          </>
        )}
      </span>
      <button type="button" class="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

export function ErrorBox({ error, what }: { error: unknown; what: string }) {
  if (error === undefined) return null;
  return (
    <div class="notice notice-error" role="alert">
      <span class="notice-text">
        {what}: {errorText(error)}
      </span>
    </div>
  );
}
