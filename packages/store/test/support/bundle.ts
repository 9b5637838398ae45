// Bundles a TypeScript entry (with @lens/core from source) into one CommonJS file that plain
// `node` can run in a child process, using the esbuild that the root's tsup already ships.
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<unknown>;
}

const CORE_ENTRY = fileURLToPath(new URL("../../../core/src/index.ts", import.meta.url));

export async function bundleForNode(entry: string, outDir: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve("tsup"))("esbuild") as EsbuildApi;
  const outfile = join(outDir, "child.cjs");
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    alias: { "@lens/core": CORE_ENTRY },
    logLevel: "silent",
  });
  return outfile;
}
