// The `instructions` an MCP client hands to the assistant: what Lens is and how to use it well.
import { type Caller, folderGuides, OWNER, reachesFolder, type Workspace } from "@lens/core";
import { may } from "@lens/service";

/** Folders named in the instructions; glob lists the rest. */
const MAX_FOLDERS_NAMED = 50;

/** Instructions text, naming the workspace's current top-level folders. */
export function serverInstructions(workspace: Workspace, caller: Caller = OWNER): string {
  const names = workspace
    .folders()
    .map((f) => f.name)
    .filter((name) => reachesFolder(caller.reach, name))
    .sort();
  const shown = names.slice(0, MAX_FOLDERS_NAMED).join(", ");
  const more =
    names.length > MAX_FOLDERS_NAMED ? `, and ${names.length - MAX_FOLDERS_NAMED} more` : "";
  const folders = names.length
    ? `The top-level directories are the shared folders: ${shown}${more}.`
    : may(caller, "folder.create") && caller.reach.all
      ? 'No shared folders exist yet: create a note with new_folder: true (e.g. file_path "Notes/Welcome.md") to make the first one.'
      : "No shared folders are loaded yet.";
  const guides = folderGuides(workspace, caller.reach);
  const guideLine = guides.length
    ? `Some folders have a guide their curators wrote for assistants: read it before you work in that folder (${guides
        .slice(0, MAX_FOLDERS_NAMED)
        .map((g) => g.path)
        .join(
          ", ",
        )}${guides.length > MAX_FOLDERS_NAMED ? ", and others named FOLDER/AI Guide/_intro.md" : ""}).`
    : "";
  return [
    "Lens gives you Claude Code's file tools over a team's shared markdown notes (an Obsidian vault kept in sync by Relay), so you can search, read and propose changes to them.",
    `Paths look like "Folder/sub/dir/Note.md": the first segment is a shared folder's name, the rest is the note's path inside it; ".md" may be omitted. ${folders}`,
    guideLine,
    "Use search to find the notes most about a topic (ranked, typo-tolerant), glob to list notes by path (or by tag and property), grep for exact text or patterns, read to see a note (or several) with line numbers, its properties and tags, recent for notes changed since a time, get_links for its wikilinks and backlinks.",
    may(caller, "edit")
      ? "edit does not overwrite: your change becomes a CriticMarkup suggestion ({--old--}{++new++}) that a human accepts or rejects. You must read a note in this session before editing it; old_string must match the text exactly as read (without line numbers) and be unique. insert adds lines at the start or end of a note or of a heading's section; create makes a new note (its content becomes one suggestion); move renames a note and delete removes one once a human accepts (read shows them pending; a move then rewrites the links to the note; an edit token moves at once). Give each a short reason: the reviewer sees it; tag changes that belong together with one changeset id, reviewed as one unit. suggestions lists yours and what became of them (the reviewer's reply too); withdraw takes back your pending ones."
      : "This token may only look: read, glob, grep, search, recent, get_links and suggestions (edit, insert, create, move, delete and withdraw need the suggest role).",
    "Pending suggestions are shown as if accepted; reviewers' comments {>>…<<} and highlights {==…==} appear verbatim.",
    may(caller, "edit")
      ? "If edit says you have not read a note you did read, your client opens a new connection per call: pass the same session_id (any unique string you choose) to read and edit."
      : "",
  ]
    .filter((p) => p !== "")
    .join("\n\n");
}
