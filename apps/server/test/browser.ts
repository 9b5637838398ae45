// A real browser for the review page's tests: Debian's chromium driven by playwright-core
// (no browser download), and a watch on each page that records every JavaScript error, console
// error, failed request and error response the test did not say to expect.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's chromium (scripts/test installs it); LENS_CHROMIUM names another. */
export const CHROMIUM = process.env.LENS_CHROMIUM ?? "/usr/bin/chromium";

/** Where screenshots go (gitignored): apps/web/screenshots. */
export const SCREENSHOTS = fileURLToPath(new URL("../../web/screenshots/", import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: install chromium (apt-get install chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

export interface PageWatch {
  /** An error response the test causes on purpose: `status` for a URL path containing `path`. */
  allow(status: number, path: string): void;
  /** The test reloads the page: requests in flight then (the live stream, reads) are cut. */
  allowAborts(): void;
  /** What went wrong that was not allowed; [] when all is well. */
  problems(): string[];
}

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d+)/;

export function watchPage(page: Page): PageWatch {
  const problems: string[] = [];
  const allowed: { status: number; path: string }[] = [];
  const seenStatuses = new Set<number>();
  /** Chrome's console line for each error response, judged once the responses are in. */
  const failedLoads: { status: number; text: string }[] = [];
  let abortsOk = false;
  const isAllowed = (status: number, url: string) =>
    allowed.some((a) => a.status === status && new URL(url).pathname.includes(a.path));

  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    const status = FAILED_LOAD.exec(m.text())?.[1];
    if (status !== undefined) failedLoads.push({ status: Number(status), text: m.text() });
    else problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => {
    const url = new URL(r.url());
    const error = r.failure()?.errorText ?? "failed";
    if (abortsOk && url.pathname.startsWith("/api/v1/") && error === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${r.method()} ${url.pathname} ${error}`);
  });
  page.on("response", (r) => {
    if (r.status() < 400) return;
    if (isAllowed(r.status(), r.url())) seenStatuses.add(r.status());
    else
      problems.push(
        `error response: ${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`,
      );
  });
  return {
    allow: (status, path) => allowed.push({ status, path }),
    allowAborts: () => {
      abortsOk = true;
    },
    problems: () => [
      ...problems,
      ...failedLoads
        .filter((f) => !seenStatuses.has(f.status))
        .map((f) => `console error: ${f.text}`),
    ],
  };
}

/** Polls `check` until it holds (every 50 ms), or fails after `timeoutMs` saying `what`. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
