// Names a new document may take: what Obsidian can hold on every platform it runs on.
import { MAX_ENTRY_PATH } from "../model/folderDoc.js";

/** Characters Obsidian refuses in a file or folder name. */
const FORBIDDEN = /[\\/:*?"<>|]/;

/** Longest name of one file or folder, in UTF-16 code units (file systems allow 255 bytes). */
export const MAX_NAME_LENGTH = 200;

/**
 * Why the in-folder path segments `names` (folders, then the file name) cannot be created, or
 * undefined when they can.
 */
export function entryNameProblem(names: readonly string[]): string | undefined {
  for (const name of names) {
    const bad = FORBIDDEN.exec(name);
    if (bad)
      return `"${name}" holds ${JSON.stringify(bad[0])}, which Obsidian does not allow in names (\\ / : * ? " < > |)`;
    if (name.startsWith(".")) return `"${name}" starts with a dot: Obsidian hides such files`;
    if (name.length > MAX_NAME_LENGTH) return `a name is longer than ${MAX_NAME_LENGTH} characters`;
    if (name !== name.trim()) return `"${name}" starts or ends with a space`;
  }
  const total = names.reduce((n, s) => n + s.length + 1, 0);
  if (total > MAX_ENTRY_PATH) return `the path is longer than ${MAX_ENTRY_PATH} characters`;
  return undefined;
}
