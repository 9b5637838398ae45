// Normalisation of user-facing paths: NFC, forward slashes, no leading/trailing slash, no `.`/`..`.
import { clip } from "../text/clip.js";

/** Error for a path that can never name a document (NUL, absolute, climbing out with `..`). */
export class PathError extends Error {
  override name = "PathError";
}

/**
 * Normalises a user-supplied path: NFC, `\` kept as is, repeated and trailing slashes folded,
 * `./` segments dropped. Throws PathError for NUL bytes, absolute paths and `..` segments,
 * which never name a document in a workspace.
 */
export function normalizeUserPath(input: string): string {
  if (input.includes("\u0000")) throw new PathError("path contains a NUL character");
  const nfc = input.normalize("NFC").trim();
  if (nfc.startsWith("/") || /^[A-Za-z]:[\\/]/.test(nfc)) {
    throw new PathError(
      `"${clip(input)}" is an absolute path; paths start with a folder name, e.g. "Notes/Ideas.md"`,
    );
  }
  const parts: string[] = [];
  for (const seg of nfc.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..")
      throw new PathError(`"${clip(input)}" climbs out with "..": give a path from a folder name`);
    parts.push(seg);
  }
  return parts.join("/");
}

/** `Lens` + `/Notes/Ideas.md` → `Lens/Notes/Ideas.md` (NFC). */
export function joinUserPath(folderName: string, entryPath: string): string {
  const rel = entryPath.replace(/^\/+/, "");
  return (rel === "" ? folderName : `${folderName}/${rel}`).normalize("NFC");
}

/** Parent directories of a user path, nearest last: `a/b/c.md` → [`a`, `a/b`]. */
export function parentDirs(path: string): string[] {
  const out: string[] = [];
  let i = path.indexOf("/");
  while (i !== -1) {
    out.push(path.slice(0, i));
    i = path.indexOf("/", i + 1);
  }
  return out;
}
