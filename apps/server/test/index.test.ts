// Pins the public entry point of lens-mcp: what embedders and the harness may import.
import { describe, expect, it } from "vitest";
import * as entry from "../src/index.js";

describe("lens-mcp entry point", () => {
  it("exports exactly the server, its adapters, the grep pool and the composed app", () => {
    expect(Object.keys(entry).sort()).toEqual([
      "DEFAULT_IDLE_TIMEOUT_MS",
      "DEFAULT_MAX_BODY_BYTES",
      "DEFAULT_MAX_SESSIONS",
      "GrepPool",
      "LENS_VERSION",
      "McpSessions",
      "STDIO_SESSION",
      "allowedHostNames",
      "createLens",
      "createLensApp",
      "createLensServer",
      "createMcpApp",
      "hostGuard",
      "isLoopbackHost",
      "listen",
      "mcpToolListing",
      "readTrackingKey",
      "serveStdio",
      "serverInstructions",
    ]);
    expect(entry.LENS_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
