// The help vault (`relevance/help-vault/`): a product's help docs written for the relevance set
// of natural questions (`relevance/help-vault.json`) — titles, headings, aliases and tags in
// frontmatter, prose bodies. Each top-level directory is a shared folder.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Workspace, workspaceFromTexts } from "@lens/core";
import { relevanceDir } from "./relevanceFiles.js";
import { markdownFiles } from "./sampleVault.js";

export function helpVaultWorkspace(): Workspace {
  const root = join(relevanceDir(), "help-vault");
  const folders = readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory());
  return workspaceFromTexts(
    folders.map((name) => ({ name, files: markdownFiles(join(root, name)) })),
  );
}
