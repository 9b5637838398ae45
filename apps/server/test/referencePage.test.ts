// The API reference page in a real browser (Debian's chromium through playwright-core), with
// every request outside this server blocked: Scalar is served by Lens itself, so the page
// renders the API's title with no console error, no CSP violation and no failed request.
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { launchBrowser, screenshot, watchPage } from "./browser.js";
import { tempDir, writeFixtureVaults } from "./helpers.js";

const TOKEN = "reference-page-token-0123456789";

describe("the API reference page in chromium, offline", () => {
  const tmp = tempDir("lens-reference-");
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const data = `${tmp.path}/data`;
    mkdirSync(data);
    const { team } = writeFixtureVaults(`${tmp.path}/vaults`);
    const cfg = resolveServeConfig({ port: "0", data, token: TOKEN, import: [`${team}=Team`] }, {});
    server = await startServe(cfg, silentLog());
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    tmp.remove();
  });

  it("renders the API's title with no error and no request leaving the server", async () => {
    const base = server.listening.baseUrl;
    const origin = new URL(base).origin;
    const context = await browser.newContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    const outside: string[] = [];
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin || url.startsWith("data:")) return route.continue();
      outside.push(url);
      return route.abort("blockedbyclient");
    });
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });

    await page.goto(`${base}/api/v1/reference`);
    await page.getByRole("heading", { name: "Lens REST API" }).first().waitFor({ timeout: 30_000 });
    // An operation of the API is listed too: the document was loaded and rendered.
    await page.getByText("List documents matching a glob").first().waitFor({ timeout: 10_000 });
    await page.waitForLoadState("networkidle", { timeout: 90_000 });
    await screenshot(page, "api-reference");
    // Its interactive parts too: an operation opened, and the API client on it.
    await page.getByText("Get a document").first().click();
    await page
      .getByRole("button", { name: /Test Request/ })
      .first()
      .click();
    await page.getByRole("button", { name: /^Send/ }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press("Escape");
    await page.waitForLoadState("networkidle", { timeout: 90_000 });
    await context.close();
    expect(outside).toEqual([]);
    expect(watch.problems()).toEqual([]);
    expect(warnings).toEqual([]);
    // Scalar's 3.4 MB bundle on two cores busy with the rest of CI: generous waits, once.
  }, 240_000);
});
