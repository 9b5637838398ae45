// The bundled sample vault as a workspace: each top-level directory is a shared folder.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { type Workspace, workspaceFromTexts } from "@lens/core";
import { sampleVaultDir } from "../paths.js";

export function sampleVaultWorkspace(): Workspace {
  const root = sampleVaultDir();
  const folders = readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory());
  return workspaceFromTexts(
    folders.map((name) => ({ name, files: markdownFiles(join(root, name)) })),
  );
}

/** The markdown files under `dir`, by path relative to `base`. */
export function markdownFiles(
  dir: string,
  base = dir,
  out: Record<string, string> = {},
): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markdownFiles(path, base, out);
    else if (name.endsWith(".md")) out[relative(base, path)] = readFileSync(path, "utf8");
  }
  return out;
}
