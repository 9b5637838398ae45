// Where a new or moved document goes: a `.md` path in a folder the caller reaches, with a name
// Obsidian can hold, free, and with no file where a parent folder must be. Shared by create
// and move, which then write the folder doc with `placeEntry`.
import type { Reach } from "../access/reach.js";
import { reachesFolder } from "../access/reach.js";
import { getEntry, setEntry } from "../model/folderDoc.js";
import { entryNameProblem } from "../paths/entryName.js";
import { normalizeUserPath, PathError } from "../paths/normalize.js";
import { clip } from "../text/clip.js";
import type { Folder, Workspace } from "../workspace/workspace.js";
import { failure, type Outcome, success, type ToolErrorCode } from "./tool.js";

export interface Placement {
  folder: Folder;
  /** User-facing path (`Team/Notes/Meeting.md`). */
  path: string;
  /** In-folder path (`/Notes/Meeting.md`). */
  entryPath: string;
  /** In-folder paths of the folders to create first, outermost first. */
  missingDirs: string[];
}

export type PlacementResult = Outcome<Placement>;

export interface PlaceOptions {
  /** The document being moved: its own entry does not count as taken (a rename that only changes case). */
  movingDocId?: string;
  /**
   * Asked when no folder has the path's first segment as its name, in any case, once every
   * name in the path is known to be valid: makes that shared folder (create's `new_folder`),
   * or says why not. Unset = such a path is refused.
   */
  makeFolder?: (name: string) => Outcome<Folder>;
  /** Appended to the refusal of a path in no folder: how the caller can get one. */
  missingFolderHint?: string;
}

/** Checks a target path (`argName` names it in messages). */
export function placeDocument(
  ws: Workspace,
  input: string,
  reach: Reach,
  argName: string,
  options: PlaceOptions = {},
): PlacementResult {
  let path: string;
  try {
    path = normalizeUserPath(input);
  } catch (e) {
    if (e instanceof PathError) return fail("invalid_path", `Invalid ${argName}: ${e.message}.`);
    throw e;
  }
  const segments = path.split("/");
  const [folderName = "", ...names] = segments;
  const fileName = names.at(-1);
  if (fileName === undefined) {
    return fail(
      "invalid_path",
      `${argName} "${clip(path)}" names a folder; give the note's path inside it, e.g. "${clip(folderName)}/Notes/Meeting.md".`,
    );
  }
  const ext = /\.([^.]*)$/.exec(fileName)?.[1];
  if (ext !== undefined && ext.toLowerCase() !== "md" && !/\s/.test(ext)) {
    return fail(
      "invalid_path",
      `${argName} "${clip(path)}" is not a markdown note: Lens creates and moves only .md documents.`,
    );
  }
  if (ext?.toLowerCase() !== "md") {
    names[names.length - 1] = `${fileName}.md`;
    path = `${path}.md`;
  }
  const problem = entryNameProblem(names);
  if (problem) return fail("invalid_path", `Invalid ${argName}: ${problem}.`);
  let folder = ws.folderByName(folderName) ?? onlyFolderIgnoringCase(ws, folderName);
  const unnamed = !folder && !ws.folders().some((f) => sameIgnoringCase(f.name, folderName));
  if (unnamed && options.makeFolder) {
    const folderProblem = entryNameProblem([folderName]);
    if (folderProblem) return fail("invalid_path", `Invalid ${argName}: ${folderProblem}.`);
    const made = options.makeFolder(folderName);
    if (!made.ok) return made;
    folder = made.value;
  }
  if (!folder || !reachesFolder(reach, folder.name)) {
    const known = ws
      .folders()
      .map((f) => f.name)
      .filter((n) => reachesFolder(reach, n))
      .sort();
    const what =
      known.length === 0
        ? `There is no shared folder yet, so "${clip(folderName)}" names none: the first segment of ${argName} must be a shared folder.`
        : `There is no folder "${clip(folderName)}": the first segment of ${argName} must be a shared folder (${known.join(", ")}).`;
    const hint = options.missingFolderHint ? ` ${options.missingFolderHint}` : "";
    return fail("not_found", `${what}${hint}`);
  }
  path = [folder.name, ...names].join("/");
  const existing = ws.resolve(path);
  const taken =
    existing.kind === "ambiguous" ||
    (existing.kind === "document" && existing.loc.docId !== options.movingDocId) ||
    existing.kind === "file" ||
    existing.kind === "directory";
  if (taken) {
    const what =
      existing.kind === "ambiguous"
        ? existing.candidates.join(", ")
        : existing.kind === "directory"
          ? existing.path
          : existing.loc.path;
    return fail(
      "exists",
      `${what} already exists${existing.kind === "document" ? ": use edit to change it (read it first)" : ""}. Choose another ${argName}.`,
    );
  }
  const missingDirs: string[] = [];
  for (let i = 1; i < names.length; i++) {
    const dir = `/${names.slice(0, i).join("/")}`;
    const entry = getEntry(folder.doc, dir);
    if (entry && entry.type !== "folder") {
      return fail("exists", `${folder.name}${dir} is a file, so it cannot hold ${clip(path)}.`);
    }
    if (!entry && !ws.paths.isDirectory(`${folder.name}${dir}`)) missingDirs.push(dir);
  }
  return success({ folder, path, entryPath: `/${names.join("/")}`, missingDirs });
}

/** Writes the folder entries of missing parent folders (Obsidian lists every folder). */
export function createMissingDirs(ws: Workspace, placement: Placement, origin: unknown): void {
  for (const dir of placement.missingDirs) {
    setEntry(placement.folder.doc, dir, { id: ws.newId(), type: "folder", version: 0 }, origin);
  }
}

/** The one folder whose name matches `name` ignoring case, if exactly one does. */
function onlyFolderIgnoringCase(ws: Workspace, name: string): Folder | undefined {
  const found = ws.folders().filter((f) => sameIgnoringCase(f.name, name));
  return found.length === 1 ? found[0] : undefined;
}

function sameIgnoringCase(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function fail(code: ToolErrorCode, message: string): PlacementResult {
  return failure(code, message);
}
