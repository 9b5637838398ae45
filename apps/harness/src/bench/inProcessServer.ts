// The real Lens MCP adapter (lens-mcp's createLensApp) served in this process on loopback, over
// a Workspace the benchmark already holds, with grep in a worker thread as `lens serve` runs it
// (lens-mcp's GrepPool). lens-mcp is loaded at run time (by package name, or
// from apps/server/dist, or from LENS_MCP_MODULE) so the harness builds and tests without it.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Workspace } from "@lens/core";
import { repoRoot } from "../paths.js";

interface GrepPoolLike {
  grep(plan: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** The part of lens-mcp's public API the benchmarks use. */
interface LensMcpModule {
  createLens(workspace: Workspace, ports: { grep?: (plan: never) => Promise<never> }): unknown;
  createLensApp(options: { lens: unknown; bindHost: string }): {
    app: unknown;
    close(): Promise<void>;
  };
  GrepPool: new (workspace: Workspace) => GrepPoolLike;
  listen(
    app: unknown,
    host: string,
    port: number,
  ): Promise<{ baseUrl: string; close(): Promise<void> }>;
}

async function loadLensMcp(): Promise<LensMcpModule> {
  const candidates = [
    process.env.LENS_MCP_MODULE,
    "lens-mcp",
    pathToFileURL(join(repoRoot(), "apps", "mcp", "dist", "index.js")).href,
  ].filter((c): c is string => c !== undefined);
  const errors: string[] = [];
  for (const spec of candidates) {
    try {
      const mod = (await import(spec)) as Partial<LensMcpModule>;
      if (
        typeof mod.createLensApp === "function" &&
        typeof mod.createLens === "function" &&
        typeof mod.listen === "function" &&
        typeof mod.GrepPool === "function"
      ) {
        return mod as LensMcpModule;
      }
      errors.push(`${spec}: no createLens/createLensApp/listen/GrepPool export`);
    } catch (e) {
      errors.push(`${spec}: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  throw new Error(`cannot load lens-mcp (${errors.join("; ")})`);
}

export interface InProcessServer {
  url: string;
  close(): Promise<void>;
}

export async function serveInProcess(workspace: Workspace): Promise<InProcessServer> {
  const mcp = await loadLensMcp();
  const grep = new mcp.GrepPool(workspace);
  // The service as `lens serve` composes it (grep in the worker), without persistence.
  const service = mcp.createLens(workspace, { grep: (plan) => grep.grep(plan) as Promise<never> });
  const lens = mcp.createLensApp({ lens: service, bindHost: "127.0.0.1" });
  const listening = await mcp.listen(lens.app, "127.0.0.1", 0);
  return {
    url: listening.baseUrl,
    async close() {
      await lens.close();
      await listening.close();
      await grep.close();
    },
  };
}
