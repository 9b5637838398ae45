// The token lives in this tab's sessionStorage: it survives a reload, is gone when the tab
// closes, and never appears in the URL (so not in history, logs or Referer headers).

const KEY = "lens.token";

export function loadToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveToken(token: string | undefined): void {
  try {
    if (token === undefined) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, token);
  } catch {
    // storage disabled: the token lasts until the page is left
  }
}
