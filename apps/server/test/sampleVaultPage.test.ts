// The review page as a user sees it: `lens serve --author Claude` (the default data directory,
// seeded with the bundled sample vault; loopback, no token, so no sign-in) after an assistant
// suggested an edit over MCP, in Debian's chromium through playwright-core. It also makes the
// README's picture (an emoji font, fonts-noto-color-emoji, draws the comment marks): with
// LENS_DOCS_SCREENSHOT=1 its screenshot is written to apps/web/docs/review-page.png
// (`LENS_DOCS_SCREENSHOT=1 npx vitest run test/sampleVaultPage.test.ts`, after a build).
import { copyFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { launchBrowser, SCREENSHOTS, screenshot, watchPage } from "./browser.js";
import { call, connectHttp, requireBuiltCli, tempDir } from "./helpers.js";

const DOCS_PICTURE = fileURLToPath(new URL("../../web/docs/review-page.png", import.meta.url));
const ADR = "Lens Team/Decisions/ADR-002 SQLite FTS for search.md";

let tmp: ReturnType<typeof tempDir>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireBuiltCli();
  tmp = tempDir("lens-sample-page-");
  // What `lens serve` does on a first start: the default directory, seeded.
  server = await startServe(resolveServeConfig({ port: "0", author: "Claude" }, {}), silentLog(), {
    defaultDir: `${tmp.path}/.lens-data`,
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  tmp?.remove();
});

describe("the review page on the sample vault", () => {
  it("opens without sign-in on the sample's folders, and shows a note's pending suggestions inline", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 1000 } });
    try {
      // An assistant's suggestion beside the ones the sample holds (typed in Obsidian).
      const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
      await call(conn.client, "read", { file_path: ADR });
      const edit = await call(conn.client, "edit", {
        file_path: ADR,
        old_string: "one row per report,",
        new_string: "one row per report (attachments are indexed apart),",
      });
      await conn.close();
      expect(edit.isError, edit.text).toBe(false);
      const page = await context.newPage();
      const watch = watchPage(page);
      const hash = `#/doc/${ADR.split("/").map(encodeURIComponent).join("/")}`;
      await page.goto(`${server.listening.baseUrl}/${hash}`);
      await page.locator("article.markdown").waitFor();
      expect(await page.getByLabel("Token").count()).toBe(0);
      const tree = page.locator("nav.sidebar");
      for (const folder of ["Lens Team", "Research", "Équipe Café"]) {
        await tree.locator("summary", { hasText: folder }).first().waitFor();
      }
      await page.locator("h1", { hasText: ADR }).waitFor();
      // ADR-002's pending marks: two substitutions, an addition and a deletion; the assistant's.
      expect(await page.locator(".suggestion").count()).toBe(5);
      expect(await page.getByRole("button", { name: "Accept", exact: true }).count()).toBe(5);
      expect(await page.locator(".suggestion .meta", { hasText: "Claude" }).count()).toBe(1);
      // A word diff: only the words that changed are struck; the whole old text on hover.
      const first = page.locator("article.markdown .change").first();
      expect(await first.getAttribute("title")).toBe("Was: and the Porter stemmer");
      expect(await first.locator("del").allTextContents()).toEqual(["the Porter "]);
      expect(await first.locator("ins").allTextContents()).toEqual(["no ", " for now"]);
      // The picture: the decision and its suggestions in view.
      await page
        .locator("article.markdown h2", { hasText: /^Options considered$/ })
        .evaluate((h) => h.scrollIntoView({ block: "start" }));
      await page.mouse.move(1300, 780);
      await screenshot(page, "sample-vault");
      if (process.env.LENS_DOCS_SCREENSHOT === "1") {
        copyFileSync(`${SCREENSHOTS}/sample-vault.png`, DOCS_PICTURE);
      }
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
