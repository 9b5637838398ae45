// Lists a markdown vault on disk: directories and files under NFC in-folder paths (`/a/b.md`),
// leaving out hidden names, symlinks and names that collide after Unicode normalisation.
import { readdir } from "node:fs/promises";
import { join } from "node:path";

export interface VaultItem {
  /** In-folder path, NFC, with a leading slash: `/Notes/Ideas.md`. */
  path: string;
  /** Path on disk. */
  abs: string;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface VaultListing {
  dirs: VaultItem[];
  markdown: VaultItem[];
  /** Files that are not markdown (present on disk, not imported). */
  others: VaultItem[];
  skipped: SkippedFile[];
}

export function isMarkdownName(name: string): boolean {
  return name.toLowerCase().endsWith(".md");
}

export async function listVault(root: string): Promise<VaultListing> {
  const out: VaultListing = { dirs: [], markdown: [], others: [], skipped: [] };
  const seen = new Map<string, string>();
  const visit = async (absDir: string, relDir: string): Promise<void> => {
    const dirents = await readdir(absDir, { withFileTypes: true });
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const d of dirents) {
      if (d.name.startsWith(".")) continue;
      const abs = join(absDir, d.name);
      const path = `${relDir}/${d.name.normalize("NFC")}`;
      const clash = seen.get(path);
      if (clash !== undefined) {
        out.skipped.push({ path, reason: `same name as ${JSON.stringify(clash)} after NFC` });
        continue;
      }
      seen.set(path, d.name);
      if (d.isSymbolicLink()) out.skipped.push({ path, reason: "symbolic link (not followed)" });
      else if (d.isDirectory()) {
        out.dirs.push({ path, abs });
        await visit(abs, path);
      } else if (!d.isFile()) out.skipped.push({ path, reason: "not a regular file" });
      else if (isMarkdownName(d.name)) out.markdown.push({ path, abs });
      else out.others.push({ path, abs });
    }
  };
  await visit(root, "");
  return out;
}
