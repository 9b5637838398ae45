// The standalone server: serves the API under /api/v1 on loopback, and refuses to listen beyond
// loopback without a token.
import { workspaceFromTexts } from "@lens/core";
import { describe, expect, it } from "vitest";
import { createStandaloneRestServer } from "../src/index.js";

const workspace = () => workspaceFromTexts([{ name: "Solo", files: { "A.md": "alpha\n" } }]);

describe("standalone REST server", () => {
  it("serves the API under /api/v1 and closes", async () => {
    const server = await createStandaloneRestServer({ workspace: workspace() });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      const res = await fetch(`${server.url}/documents/Solo/A.md`, {
        headers: { Accept: "text/markdown" },
      });
      expect(await res.text()).toBe("alpha\n");
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/documents`)).rejects.toThrow();
  });

  it("mounts where basePath says", async () => {
    const server = await createStandaloneRestServer({ workspace: workspace(), basePath: "/lens" });
    try {
      const res = await fetch(`${server.url}/openapi.json`);
      expect(((await res.json()) as { servers: unknown }).servers).toEqual([{ url: "/lens" }]);
    } finally {
      await server.close();
    }
  });

  it("refuses to bind beyond loopback without a token", async () => {
    await expect(
      createStandaloneRestServer({ workspace: workspace(), hostname: "0.0.0.0" }),
    ).rejects.toThrow(/without a token/);
  });
});
