// The review page in a real browser: `lens serve` in process (serving the built page at /),
// Debian's chromium through playwright-core, assistants' edits over MCP with the official SDK
// client, results checked over MCP and REST. Every test also checks that the page had no
// JavaScript error and no failed request beyond the ones it causes on purpose.
import { mkdirSync } from "node:fs";
import { AuditLog, addToken } from "@lens/access";
import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { launchBrowser, type PageWatch, screenshot, until, watchPage } from "./browser.js";
import { call, connectHttp, requireBuiltCli, tempDir } from "./helpers.js";
import { writeReviewVault } from "./reviewVault.js";

let tmp: ReturnType<typeof tempDir>;
let server: RunningServer;
let base: string;
let browser: Browser;
let dataDir: string;
const tokens = { editor: "", viewer: "", assistant: "" };

beforeAll(async () => {
  requireBuiltCli();
  tmp = tempDir("lens-review-");
  const data = `${tmp.path}/data`;
  dataDir = data;
  mkdirSync(data);
  const team = writeReviewVault(`${tmp.path}/vault`);
  tokens.editor = (await addToken(data, { name: "Bo", role: "edit" })).token;
  tokens.viewer = (await addToken(data, { name: "Vi", role: "view" })).token;
  tokens.assistant = (await addToken(data, { name: "Ana's Claude", role: "suggest" })).token;
  const cfg = resolveServeConfig({ port: "0", data, import: [`${team}=Team`] }, {});
  server = await startServe(cfg, silentLog());
  base = server.listening.baseUrl;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  tmp?.remove();
});

// ---- helpers ---------------------------------------------------------------------------------

interface Session {
  page: Page;
  watch: PageWatch;
  context: BrowserContext;
  /** The answer to the page's own request (GET /). */
  headers: Record<string, string>;
}

const open: Session[] = [];

afterEach(async () => {
  for (const s of open.splice(0)) await s.context.close();
});

/** A fresh browser tab (its own sessionStorage) at `hash`, watched, on a laptop-sized screen. */
async function newTab(hash = "", at = base): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  const session: Session = { page, watch, context, headers: {} };
  open.push(session);
  session.headers = (await page.goto(`${at}/${hash}`))?.headers() ?? {};
  return session;
}

/** Opens the page and signs in with `token` the way a person does. */
async function signedIn(token: string, hash = ""): Promise<Session> {
  const s = await newTab(hash);
  // Before sign-in the page asks who it is without a token: the server says 401.
  s.watch.allow(401, "/api/v1/me");
  await s.page.getByLabel("Token").fill(token);
  await s.page.getByRole("button", { name: "Sign in" }).click();
  await s.page.locator(".topbar").waitFor();
  return s;
}

function expectClean(s: Session): void {
  expect(s.watch.problems()).toEqual([]);
}

async function api<T>(path: string, token = tokens.editor): Promise<T> {
  const res = await fetch(`${base}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function rawOverRest(path: string): Promise<string> {
  const doc = await api<{ content: string }>(`/documents/${encodeURIComponent(path)}?view=raw`);
  return doc.content;
}

/** What an assistant reads over MCP (the AI view, as `cat -n`). */
async function readOverMcp(path: string): Promise<string> {
  const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.viewer}` });
  try {
    return (await call(conn.client, "read", { file_path: path })).text;
  } finally {
    await conn.close();
  }
}

const accept = (p: Page) => p.getByRole("button", { name: "Accept", exact: true });
const reject = (p: Page) => p.getByRole("button", { name: "Reject", exact: true });
const article = (p: Page) => p.locator("article.markdown");

/** Ticks `option` in the queue's `filter` drop-down (opened, then closed again). */
async function choose(page: Page, filter: string, option: string): Promise<void> {
  const choice = page.locator("details.choice", { hasText: `${filter}:` });
  await choice.locator("summary").click();
  await choice.getByRole("checkbox", { name: option, exact: true }).check();
  await choice.locator("summary").click();
}

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's CSP admits no injected script element.
  await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (
      globalThis as unknown as {
        axe: {
          run(): Promise<{
            passes: unknown[];
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: unknown }[];
            }[];
          }>;
        };
      }
    ).axe.run(),
  );
  expect(result.passes.length, "axe checked something").toBeGreaterThan(10);
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`,
    );
}

// ---- tests -----------------------------------------------------------------------------------

describe("review page", () => {
  it("asks for a token, keeps it out of the address, and refuses a wrong one with the server's words", async () => {
    const failedAuths = async () =>
      (await new AuditLog(dataDir).page(0, 10_000)).entries.filter(
        (e) => e.action === "auth.failed",
      ).length;
    const before = await failedAuths();
    const s = await newTab();
    s.watch.allow(401, "/api/v1/me");
    // Served under the strict policy: a single inline script or style would be a console error.
    expect(s.headers["content-security-policy"]).toContain("script-src 'self'");
    await s.page.getByLabel("Token").waitFor();
    await screenshot(s.page, "sign-in");
    // Asking who it is without a token (to show the sign-in) is no failed authentication.
    expect(await failedAuths()).toBe(before);
    await s.page.getByLabel("Token").fill("lens_not-a-real-token-0123456789");
    await s.page.getByRole("button", { name: "Sign in" }).click();
    const refusal = s.page.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/not accepted/);
    // A wrong token is.
    expect(await failedAuths()).toBe(before + 1);

    await s.page.getByLabel("Token").fill(tokens.editor);
    await s.page.getByRole("button", { name: "Sign in" }).click();
    await s.page.getByText("Bo ·").waitFor();
    expect(s.page.url()).not.toContain(tokens.editor);
    // Kept for this tab: a reload stays signed in.
    s.watch.allowAborts();
    await s.page.reload();
    await s.page.locator(".topbar").waitFor();
    expect(await s.page.getByLabel("Token").count()).toBe(0);
    expectClean(s);
  });

  it("shows the folder tree with pending counts and a document with its suggestions inline", async () => {
    const s = await signedIn(tokens.editor);
    const tree = s.page.locator("nav.sidebar");
    await tree.getByRole("link", { name: /Ideas/ }).waitFor();
    expect(await tree.getByRole("link", { name: /Ideas/ }).textContent()).toBe("Ideas2");
    expect(await tree.locator("summary", { hasText: "Bulk" }).textContent()).toBe("Bulk3");

    await s.page.getByLabel("Search paths").fill("idea");
    expect(await tree.getByRole("link").allTextContents()).toEqual(["Review queue18", "Ideas2"]);
    await tree.getByRole("link", { name: /Ideas/ }).click();

    await article(s.page).waitFor();
    expect(s.page.url()).toContain("#/doc/Team/Notes/Ideas.md");
    const first = s.page.locator(".suggestion").first();
    expect(await first.locator("del").textContent()).toBe("old");
    expect(await first.locator("ins").textContent()).toBe("new");
    expect(await first.locator(".meta").textContent()).toBe("Claude · 3 h ago");
    expect(await accept(s.page).count()).toBe(2);
    expect(await reject(s.page).count()).toBe(2);
    expect(await s.page.getByRole("button", { name: "Accept all" }).count()).toBe(1);
    // Markdown rendered; the wikilink leads to its document.
    expect(await article(s.page).locator("strong").textContent()).toBe("good");
    await s.page.getByLabel("Search paths").fill("");
    await s.page.getByLabel("Search paths").blur();
    await s.page.mouse.move(1300, 700);
    await tree.getByRole("link", { name: /Roadmap/ }).waitFor();
    await screenshot(s.page, "document");
    await article(s.page).getByRole("link", { name: "the plans" }).click();
    await s.page.locator("h1", { hasText: "Team/Plans.md" }).waitFor();
    expect(await article(s.page).locator(".wikilink.unresolved").textContent()).toBe(
      "Missing Note",
    );
    expectClean(s);
  });

  it("an assistant's edit over MCP appears on the open page, live", async () => {
    const s = await signedIn(tokens.editor, "#/doc/Team/Plans.md");
    await article(s.page).getByText("Plan B: ship it again.").waitFor();
    await s.page.locator(".live-live").waitFor();
    expect(await s.page.locator(".suggestion").count()).toBe(0);

    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      await call(conn.client, "read", { file_path: "Team/Plans.md" });
      const edit = await call(conn.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "ship it again",
        new_string: "ship it twice",
      });
      expect(edit.isError).toBe(false);
    } finally {
      await conn.close();
    }
    const mark = s.page.locator(".suggestion");
    await mark.waitFor();
    // A word diff: only the word that changed is struck and inserted.
    expect(await mark.locator(".change").textContent()).toBe("ship it againtwice");
    expect(await mark.locator("del").textContent()).toBe("again");
    expect(await mark.locator("ins").textContent()).toBe("twice");
    expect(await mark.locator(".meta").textContent()).toBe("Ana's Claude · just now");
    // The tree's count follows too.
    await s.page
      .locator("nav.sidebar")
      .getByRole("link", { name: /^Plans\s*1$/ })
      .waitFor();
    await screenshot(s.page, "live");
    expectClean(s);
  });

  it("Accept and Reject (by keyboard and by click) change the document as MCP and REST read it", async () => {
    const path = "Team/Notes/Ideas.md";
    const s = await signedIn(tokens.editor, `#/doc/${path}`);
    await s.page.locator(".suggestion").first().waitFor();
    // j selects the first suggestion, a accepts it.
    await s.page.keyboard.press("j");
    await s.page.locator(".suggestion.selected", { hasText: "new" }).waitFor();
    await s.page.keyboard.press("a");
    await until("one suggestion is left", async () => (await accept(s.page).count()) === 1);
    // Then Reject on the other, by click.
    await reject(s.page).click();
    await until(
      "no suggestion is left",
      async () => (await s.page.locator(".suggestion").count()) === 0,
    );
    expect(await s.page.getByRole("status").textContent()).toMatch(/Rejected 1 suggestion/);

    const raw = await rawOverRest(path);
    expect(raw).toContain("The new idea was **good**.\nWe meet on Monday.\n");
    expect(raw).not.toMatch(/\{(\+\+|--)/);
    const read = await readOverMcp(path);
    expect(read).toContain("The new idea was **good**.");
    expect(read).toContain("We meet on Monday.");
    expectClean(s);
  });

  it("keys act only on the suggestion picked: no silent advance; ? lists them; a notice stays on its page", async () => {
    const path = "Team/Keys.md";
    const s = await signedIn(tokens.editor, `#/doc/${path}`);
    await s.page.locator(".suggestion").nth(2).waitFor();
    await s.page.keyboard.press("j");
    await s.page.locator(".suggestion.selected", { hasText: "one" }).waitFor();
    await s.page.keyboard.press("a");
    await until("two are left", async () => (await s.page.locator(".suggestion").count()) === 2);
    // Nothing is selected after a review: another a has nothing to act on...
    expect(await s.page.locator(".suggestion.selected").count()).toBe(0);
    await s.page.keyboard.press("a");
    // ...and j picks the one that took the reviewed one's place.
    await s.page.keyboard.press("j");
    await s.page.locator(".suggestion.selected", { hasText: "two" }).waitFor();
    await s.page.keyboard.press("r");
    await until("one is left", async () => (await s.page.locator(".suggestion").count()) === 1);
    // Had the second a acted, "two" would be accepted and "three" rejected.
    const raw = await rawOverRest(path);
    expect(raw).toContain("First ONE.\nSecond two.\n");
    expect(raw).toMatch(/Third \{--.*three--\}\{\+\+.*THREE\+\+\}\./);

    await s.page.keyboard.press("?");
    const help = s.page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    expect(await help.locator("kbd").allTextContents()).toEqual([
      "j",
      "k",
      "a",
      "r",
      "u",
      "?",
      "Esc",
    ]);
    expect(await help.getByText(/Undo the last accept or reject/).count()).toBe(1);
    await screenshot(s.page, "shortcuts");
    await s.page.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });

    // The review's notice belongs to this page: the queue does not show it.
    await s.page
      .getByRole("status")
      .getByText(/Rejected 1 suggestion/)
      .waitFor();
    await s.page.getByRole("link", { name: /Review queue/ }).click();
    await s.page.locator(".queue-item").first().waitFor();
    expect(await s.page.getByRole("status").count()).toBe(0);
    expectClean(s);
  });

  it("a queue row opens its note scrolled to that suggestion, selected", async () => {
    const s = await signedIn(tokens.editor, "#/queue");
    const row = s.page.locator(".queue-item", { hasText: "buried" });
    await row.waitFor();
    await row.getByRole("link", { name: "line 203" }).click();
    await s.page.locator("h1", { hasText: "Team/Long.md" }).waitFor();
    expect(decodeURIComponent(s.page.url())).toMatch(/#\/doc\/Team\/Long\.md\?s=\S+$/);
    const picked = s.page.locator(".suggestion.selected", { hasText: "buried" });
    await picked.waitFor();
    // In view (the note is 300 lines long), and the keys act on it.
    await until("scrolled to it", async () => {
      const box = await picked.boundingBox();
      return box !== null && box.y > 0 && box.y + box.height < 820;
    });
    await screenshot(s.page, "opened-at-suggestion");
    expectClean(s);
  });

  it("on a phone (390×844) the queue comes first, with no horizontal scrolling", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    watch.allow(401, "/api/v1/me");
    try {
      await page.goto(`${base}/#/queue`);
      await page.getByLabel("Token").fill(tokens.editor);
      await page.getByRole("button", { name: "Sign in" }).click();
      const first = page.locator(".queue-item").first();
      await first.waitFor();
      const box = await first.boundingBox();
      expect(box && box.y + box.height <= 844, "the first row is above the fold").toBe(true);
      // The folder tree comes after the queue.
      const tree = await page.locator("nav.sidebar").boundingBox();
      expect(tree && box && tree.y > box.y, "the tree is below the queue").toBe(true);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.view);
      // The buttons of a row are inside the screen.
      const accept = await first.getByRole("button", { name: "Accept", exact: true }).boundingBox();
      expect(accept && accept.x + accept.width <= 390).toBe(true);
      await screenshot(page, "queue-390");
      // Accept, and the toast's Undo inside the screen; the row comes back.
      const text = await first.locator(".change").textContent();
      await first.getByRole("button", { name: "Accept", exact: true }).click();
      const undo = page.getByRole("button", { name: "Undo", exact: true });
      await undo.waitFor();
      const at = await page.locator(".toast").boundingBox();
      expect(at && at.x >= 0 && at.x + at.width <= 390 && at.y + at.height <= 844).toBe(true);
      await screenshot(page, "undo-390");
      await undo.click();
      await page
        .locator(".queue-item .change", { hasText: text ?? "" })
        .first()
        .waitFor();
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("bulk-accepts the queue filtered by author, and only that", async () => {
    const s = await signedIn(tokens.editor, "#/queue");
    await s.page.locator(".queue-item").first().waitFor();
    await choose(s.page, "Author", "Mistral");
    await choose(s.page, "Folder", "Team/Bulk");
    await until(
      "the filters leave two",
      async () => (await s.page.locator(".queue-item").count()) === 2,
    );
    await screenshot(s.page, "queue");
    await s.page.getByRole("button", { name: "Accept all shown (2)" }).click();
    expect(await s.page.locator(".confirm-text").textContent()).toBe(
      "Accept 2 suggestions in 2 documents?",
    );
    await s.page.getByRole("button", { name: "Confirm" }).click();
    await s.page.getByRole("status").getByText("Accepted 2 suggestions.").waitFor();
    await until(
      "the filtered set is gone",
      async () => (await s.page.locator(".queue-item").count()) === 0,
    );

    const left = await api<{ suggestions: { author?: string; path: string }[] }>(
      "/suggestions?path=Team/Bulk",
    );
    expect(left.suggestions.map((x) => [x.path, x.author])).toEqual([
      ["Team/Bulk/One.md", "Gemini"],
    ]);
    expect(await rawOverRest("Team/Bulk/One.md")).toMatch(/^# One\n\nAlpha \(checked\) and \{--/);
    expect(await rawOverRest("Team/Bulk/Two.md")).toBe("# Two\n\nGamma Delta done.\n");
    expectClean(s);
  });

  it("a view token sees suggestions but no Accept or Reject anywhere", async () => {
    const s = await signedIn(tokens.viewer, "#/doc/Team/Roadmap.md");
    await s.page.locator(".suggestion").waitFor();
    expect(await s.page.locator(".suggestion ins").textContent()).toBe("June");
    await s.page.getByText("View only").waitFor();
    expect(await s.page.getByRole("button", { name: /Accept|Reject/ }).count()).toBe(0);
    await screenshot(s.page, "view-only");
    // Keys do nothing either.
    await s.page.keyboard.press("j");
    await s.page.keyboard.press("a");
    await s.page.getByRole("link", { name: /Review queue/ }).click();
    await s.page.locator(".queue-item").first().waitFor();
    expect(await s.page.getByRole("button", { name: /Accept|Reject/ }).count()).toBe(0);
    expect(await rawOverRest("Team/Roadmap.md")).toContain("{++");
    expectClean(s);
  });

  it("a conflict is shown on its suggestion and never applied", async () => {
    const path = "Team/Syntax.md";
    const before = await rawOverRest(path);
    const s = await signedIn(tokens.editor, `#/doc/${path}`);
    await s.page.locator(".suggestion").nth(1).waitFor();
    // Accept all: the plain one is applied, the one that would re-pair markup is left pending.
    await s.page.getByRole("button", { name: "Accept all" }).click();
    const alert = s.page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Accepted 1 suggestion\. 1 suggestion left pending/);
    const conflicted = s.page.locator(".suggestion.has-conflict");
    await conflicted.waitFor();
    expect(await conflicted.locator(".conflict-note").textContent()).toMatch(/Conflict/);
    await until(
      "the applied one is gone",
      async () => (await s.page.locator(".suggestion").count()) === 1,
    );
    // Accepting it alone: the server answers 409, and the page says so.
    s.watch.allow(409, "/api/v1/suggestions/accept");
    await s.page.getByRole("button", { name: "Dismiss" }).click();
    await accept(s.page).click();
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Nothing was accepted\. 1 suggestion left pending/);
    await screenshot(s.page, "conflict");

    const after = await rawOverRest(path);
    const colour = /\{--\{[^}]*\}@@colour--\}\{\+\+\{[^}]*\}@@color\+\+\}/;
    expect(before).toMatch(colour);
    expect(after).toBe(before.replace(colour, "color"));
    expect(after).toContain("{--++}old text--}");
    expect(await readOverMcp(path)).toContain("We write color.");
    expectClean(s);
  });
});

describe("review page: word diffs, undo, filters, accessibility", () => {
  it("a substitution shows only the changed word; the markup is one keyboard toggle away", async () => {
    const s = await signedIn(tokens.editor, "#/doc/Team/Diff.md");
    const mark = s.page.locator(".suggestion");
    await mark.waitFor();
    expect(await mark.locator("del").allTextContents()).toEqual(["Tuesday"]);
    expect(await mark.locator("ins").allTextContents()).toEqual(["Monday"]);
    expect(await mark.locator(".change").textContent()).toBe("TuesdayMonday at noon");
    await screenshot(s.page, "word-diff");
    // The toggle is a button reached with Tab and pressed with the keyboard.
    const toggle = s.page.getByRole("button", { name: "Show markup" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.focus();
    await s.page.keyboard.press("Enter");
    await mark.locator("code.markup").waitFor();
    expect(await mark.locator("code.markup").textContent()).toBe(
      "{--Tuesday at noon--}{++Monday at noon++}",
    );
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await s.page.keyboard.press("Enter");
    await mark.locator(".word-diff").waitFor();
    expectClean(s);
  });

  it("accept, then Undo in the toast: the suggestion is pending again, the text exactly as before", async () => {
    const path = "Team/Undo.md";
    const before = await rawOverRest(path);
    const s = await signedIn(tokens.editor, `#/doc/${path}`);
    await s.page.locator(".suggestion").nth(1).waitFor();
    await accept(s.page).first().click();
    const toast = s.page.locator(".toast");
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Accepted 1 suggestion\./);
    await until("one is left", async () => (await s.page.locator(".suggestion").count()) === 1);
    expect(await rawOverRest(path)).not.toBe(before);
    await screenshot(s.page, "undo-toast");
    expect(await axeViolations(s.page)).toEqual([]);
    // The toast stays for at least 10 s.
    await s.page.waitForTimeout(10_500);
    expect(await toast.isVisible()).toBe(true);
    await s.page.getByRole("button", { name: "Undo", exact: true }).click();
    await s.page
      .getByRole("status")
      .getByText(/Undone: 1 suggestion is pending again/)
      .waitFor();
    await until("both are back", async () => (await s.page.locator(".suggestion").count()) === 2);
    expect(await rawOverRest(path)).toBe(before);
    expect(await toast.count()).toBe(0);

    // u undoes too: a (after j) rejects the insertion, u brings it back.
    await s.page.keyboard.press("j");
    await s.page.keyboard.press("j");
    await s.page.locator(".suggestion.selected", { hasText: "more" }).waitFor();
    await s.page.keyboard.press("r");
    await until("one is left", async () => (await s.page.locator(".suggestion").count()) === 1);
    await s.page.keyboard.press("u");
    await until("both are back", async () => (await s.page.locator(".suggestion").count()) === 2);
    expect(await rawOverRest(path)).toBe(before);
    // The recently reviewed list holds both, undone.
    await s.page.locator("details.recent summary").click();
    expect(await s.page.locator(".recent-item").allTextContents()).toEqual([
      expect.stringMatching(/^Rejected 1 in Team\/Undo\.md · just nowUndone$/),
      expect.stringMatching(/^Accepted 1 in Team\/Undo\.md · just nowUndone$/),
    ]);
    const audit = (await new AuditLog(dataDir).page(0, 10_000)).entries.filter(
      (e) => e.action === "suggestion.undo" && e.outcome === "ok" && e.path === path,
    );
    expect(audit.map((e) => e.who)).toEqual(["Bo", "Bo"]);
    expectClean(s);
  });

  it("an undo is refused once the note changed: the page says so and offers the note as it is now", async () => {
    const path = "Team/Undo2.md";
    const s = await signedIn(tokens.editor, `#/doc/${path}`);
    s.watch.allow(409, "/api/v1/suggestions/undo");
    await s.page.locator(".suggestion").waitFor();
    await accept(s.page).click();
    await s.page.locator(".toast").waitFor();
    // An assistant edits the note meanwhile.
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      await call(conn.client, "read", { file_path: path });
      const edit = await call(conn.client, "edit", {
        file_path: path,
        old_string: "# Undo 2",
        new_string: "# Undo two",
      });
      expect(edit.isError, edit.text).toBe(false);
    } finally {
      await conn.close();
    }
    const changed = await rawOverRest(path);
    await s.page.getByRole("button", { name: "Undo", exact: true }).click();
    const alert = s.page.getByRole("alert");
    await alert.getByText(/Team\/Undo2\.md changed since it was reviewed/).waitFor();
    const current = alert.getByRole("link", { name: `Open ${path} as it is now` });
    expect(await current.getAttribute("href")).toBe("#/doc/Team/Undo2.md");
    await screenshot(s.page, "undo-refused");
    expect(await rawOverRest(path)).toBe(changed);
    await s.page.locator("details.recent summary").click();
    await s.page.locator(".recent-item", { hasText: "Changed since" }).waitFor();
    expectClean(s);
  });

  it("the queue shows assistants' suggestions by default; its filters survive a reload in the URL", async () => {
    const s = await signedIn(tokens.editor, "#/queue");
    await s.page.locator(".queue-item").first().waitFor();
    const rows = s.page.locator(".queue-item");
    expect(await rows.filter({ hasText: "hand-written" }).count()).toBe(0);
    expect(await rows.filter({ hasText: "reviewed" }).count()).toBe(0);
    expect(
      await s.page
        .locator("details.choice", { hasText: "Made by:" })
        .locator(".choice-value")
        .textContent(),
    ).toBe("Assistants");
    // People's too, and those with no author: two more rows, each saying who made it.
    await choose(s.page, "Made by", "People");
    await choose(s.page, "Made by", "Author not recorded");
    await choose(s.page, "Folder", "Team");
    const person = rows.filter({ has: s.page.locator(".change", { hasText: "reviewed" }) });
    await person.waitFor();
    expect(await person.locator(".meta").textContent()).toMatch(/^Bo · 2 h ago$/);
    const nobody = rows.filter({ has: s.page.locator(".change", { hasText: "hand-written" }) });
    expect(await nobody.locator(".meta").textContent()).toBe(
      "author not recorded · time not recorded",
    );
    await choose(s.page, "Change", "Edit");
    const shown = await rows.count();
    const url = s.page.url();
    expect(decodeURIComponent(url)).toMatch(
      /#\/queue\?by=assistant&by=person&by=unrecorded&folder=Team&change=edit$/,
    );
    await s.page.locator("details.choice", { hasText: "Made by:" }).locator("summary").click();
    await screenshot(s.page, "queue-filters");
    expect(await axeViolations(s.page)).toEqual([]);
    await s.page.locator("details.choice", { hasText: "Made by:" }).locator("summary").click();

    s.watch.allowAborts();
    await s.page.reload();
    await rows.first().waitFor();
    expect(s.page.url()).toBe(url);
    await until("the same rows", async () => (await rows.count()) === shown);
    expect(
      await s.page
        .locator("details.choice", { hasText: "Made by:" })
        .locator(".choice-value")
        .textContent(),
    ).toBe("3 chosen");
    expect(await nobody.count()).toBe(1);
    // Into a note and back through the sidebar: the queue as it was left.
    await nobody.getByRole("link", { name: /^line / }).click();
    await s.page.locator("h1", { hasText: "Team/People.md" }).waitFor();
    await s.page.getByRole("link", { name: /^Review queue/ }).click();
    await rows.first().waitFor();
    expect(s.page.url()).toBe(url);
    expect(await nobody.count()).toBe(1);
    await s.page.getByRole("button", { name: "Reset filters" }).click();
    await until("back to assistants", async () => (await nobody.count()) === 0);
    expectClean(s);
  });

  it("the selected queue row has a visible focus ring", async () => {
    const s = await signedIn(tokens.editor, "#/queue");
    await s.page.locator(".queue-item").first().waitFor();
    await s.page.keyboard.press("j");
    const row = s.page.locator(".queue-item.selected");
    await row.waitFor();
    const ring = await row.evaluate((el) => {
      const st = getComputedStyle(el);
      return {
        focused: el === document.activeElement,
        style: st.outlineStyle,
        width: st.outlineWidth,
      };
    });
    expect(ring).toEqual({ focused: true, style: "solid", width: "3px" });
    expectClean(s);
  });

  it("axe finds no serious or critical violation on the sign-in page, the queue and a document", async () => {
    const s = await newTab();
    s.watch.allow(401, "/api/v1/me");
    await s.page.getByLabel("Token").waitFor();
    expect(await axeViolations(s.page)).toEqual([]);
    await s.page.getByLabel("Token").fill(tokens.editor);
    await s.page.getByRole("button", { name: "Sign in" }).click();
    await s.page.locator(".queue-item").first().waitFor();
    expect(await axeViolations(s.page)).toEqual([]);
    await s.page.evaluate(() => {
      location.hash = "#/doc/Team/Roadmap.md";
    });
    await s.page.locator(".suggestion").first().waitFor();
    expect(await axeViolations(s.page)).toEqual([]);
    expectClean(s);
  });
});

describe("review page: a rejected creation", () => {
  it("rejecting a note an assistant created removes it, and the page goes back to the queue", async () => {
    const path = "Team/Meetings/Kickoff.md";
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      const made = await call(conn.client, "create", {
        file_path: path,
        content: "# Kickoff\n\nWe agreed on [[Plans]].",
      });
      expect(made.isError, made.text).toBe(false);
    } finally {
      await conn.close();
    }
    const s = await signedIn(tokens.editor, `#/doc/${path}`);
    // The live stream names the removed note; asking for its suggestions is then a 404.
    s.watch.allow(404, "/api/v1/suggestions");
    await s.page.locator(".suggestion").first().waitFor();
    await s.page.getByRole("button", { name: "Reject all" }).click();
    await s.page
      .getByRole("status")
      .getByText(`Rejected 1 suggestion. Removed ${path}: its creation was rejected.`)
      .waitFor();
    await until("the page is back at the queue", async () => s.page.url().endsWith("#/queue"));
    await until(
      "the note is gone from the tree",
      async () =>
        (await s.page
          .locator("nav.sidebar")
          .getByRole("link", { name: /Kickoff/ })
          .count()) === 0,
    );

    // Gone for every door: REST answers 404, MCP says it does not exist.
    const res = await fetch(`${base}/api/v1/documents/${path}?view=raw`, {
      headers: { authorization: `Bearer ${tokens.editor}` },
    });
    expect(res.status).toBe(404);
    await res.body?.cancel();
    expect(await readOverMcp(path)).toMatch(/does not exist/);
    const links = await api<{ backlinks: string[] }>("/documents/Team/Plans.md/links");
    expect(links.backlinks).not.toContain(path);
    expectClean(s);
  });
});

describe("review page: reasons, replies and pending moves", () => {
  it("a queue row shows the assistant's reason; a reply sent with Reject reaches the assistant", async () => {
    const path = "Team/Reasons.md";
    const before = await rawOverRest(path);
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      await call(conn.client, "read", { file_path: path });
      const edit = await call(conn.client, "edit", {
        file_path: path,
        old_string: "in spring",
        new_string: "in March",
        reason: "The board fixed the date on Monday.",
      });
      expect(edit.isError).toBe(false);

      const s = await signedIn(tokens.editor, "#/queue");
      const row = s.page.locator(".queue-item", { hasText: "March" });
      await row.waitFor();
      expect(await row.locator(".reason").textContent()).toBe(
        "Reason: The board fixed the date on Monday.",
      );
      await row.locator(".hunk").click();
      await row.getByRole("button", { name: "Reply" }).click();
      const box = row.getByLabel("Reply to the author, sent with Accept or Reject");
      // Letters typed in the reply are text, not shortcuts (r would reject).
      await box.fill("Keep it vague until it is public, really.");
      await box.press("r");
      expect(await rawOverRest(path)).not.toBe(before);
      await screenshot(s.page, "reason-reply");
      expect(await axeViolations(s.page)).toEqual([]);
      await row.getByRole("button", { name: "Reject", exact: true }).click();
      await until("the row is gone", async () => (await row.count()) === 0);
      expect(await rawOverRest(path)).toBe(before);

      // The assistant sees what became of it: rejected by Bo, with the reply.
      const history = await call(conn.client, "suggestions", { path });
      expect(history.text).toMatch(/rejected/);
      expect(history.text).toContain("Bo");
      expect(history.text).toContain("Keep it vague until it is public, really.r");
      expectClean(s);
    } finally {
      await conn.close();
    }
  });

  it("a changeset of edits on two notes is accepted from the queue as one unit", async () => {
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      for (const path of ["Team/Batch/Left.md", "Team/Batch/Right.md"]) {
        await call(conn.client, "read", { file_path: path });
        const edit = await call(conn.client, "edit", {
          file_path: path,
          old_string: "colour",
          new_string: "color",
          changeset: "us-spelling",
        });
        expect(edit.isError, edit.text).toBe(false);
      }
    } finally {
      await conn.close();
    }
    const s = await signedIn(tokens.editor, "#/queue");
    const set = s.page.locator(".changeset", { hasText: "us-spelling" });
    await set.waitFor();
    expect(await set.locator(".what").textContent()).toBe(
      "Changeset us-spelling: 2 suggestions in 2 notes",
    );
    await set.getByRole("button", { name: "Accept changeset" }).click();
    await s.page.getByRole("status").getByText("Accepted 2 suggestions.").waitFor();
    await until("the changeset is gone", async () => (await set.count()) === 0);
    expect(await rawOverRest("Team/Batch/Left.md")).toBe("# Left\n\nThe color is red.\n");
    expect(await rawOverRest("Team/Batch/Right.md")).toBe("# Right\n\nThe color is blue.\n");
    expectClean(s);
  });

  it("a suggested move is shown with the link it rewrites and accepted as one unit", async () => {
    const from = "Team/Drafts/Kickoff draft.md";
    const to = "Team/Meetings/Kickoff.md";
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      const moved = await call(conn.client, "move", {
        file_path: from,
        new_path: to,
        reason: "Meetings live under Meetings.",
      });
      expect(moved.isError, moved.text).toBe(false);
    } finally {
      await conn.close();
    }
    // Nothing changed yet.
    expect(await rawOverRest(from)).toContain("Agenda to come.");
    expect(await rawOverRest("Team/Linker.md")).toContain("[[Kickoff draft]]");

    const s = await signedIn(tokens.editor, "#/queue");
    // The page reads the moved note's suggestions at its old path once more: 404, as meant.
    s.watch.allow(404, "/api/v1/suggestions");
    const row = s.page.locator(".change-item", { hasText: "Kickoff" });
    await row.waitFor();
    expect(await row.locator(".what").textContent()).toBe(`Move ${from} to ${to}`);
    expect(await row.locator(".reason").textContent()).toBe(
      "Reason: Meetings live under Meetings.",
    );
    expect(await row.locator(".rewrites li").allTextContents()).toEqual([
      expect.stringMatching(/^Team\/Linker\.md: \[\[Kickoff draft\]\] \[\[Kickoff\]\]$/),
    ]);
    await screenshot(s.page, "pending-move");
    expect(await axeViolations(s.page)).toEqual([]);
    await row.getByRole("button", { name: "Accept move" }).click();
    await s.page.getByRole("status").getByText(`Accepted the move of ${from} to ${to}.`).waitFor();
    await until("the row is gone", async () => (await row.count()) === 0);
    // Renamed and its link rewritten, in one step: REST reads the note at its new path.
    expect(await rawOverRest(to)).toContain("Agenda to come.");
    expect(await rawOverRest("Team/Linker.md")).toContain("[[Kickoff]]");
    const listed = await api<{ documents: { path: string }[] }>("/documents");
    expect(listed.documents.map((d) => d.path)).not.toContain(from);
    expectClean(s);
  });
});

describe("review page on an open server", () => {
  it("needs no sign-in when the server needs no token", async () => {
    const other = tempDir("lens-review-open-");
    const data = `${other.path}/data`;
    mkdirSync(data);
    const team = writeReviewVault(`${other.path}/vault`);
    const openServer = await startServe(
      resolveServeConfig({ port: "0", data, import: [`${team}=Team`] }, {}),
      silentLog(),
    );
    try {
      const s = await newTab("#/queue", openServer.listening.baseUrl);
      await s.page.getByText("Open server (no token)").waitFor();
      await s.page.locator(".queue-item").first().waitFor();
      expect(await s.page.getByLabel("Token").count()).toBe(0);
      expect(await s.page.getByRole("button", { name: "Sign out" }).count()).toBe(0);
      expectClean(s);
      await s.context.close();
      open.splice(open.indexOf(s), 1);
    } finally {
      await openServer.stop();
      other.remove();
    }
  });
});
