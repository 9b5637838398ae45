// What to say when a data directory holds no folder yet: `create` then refuses every path, so
// the operator is told how to get a first one — import a vault, or let an admin's assistant
// create one (create's `new_folder`).

/** A path as a POSIX shell reads it back: quoted only when it needs to be. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The lines that say how to get a first folder into `dataDir` (the first a heading, the
 * others indented under it); `open` when every caller is the owner (an open server, stdio),
 * so any assistant may create it.
 */
export function firstFolderAdvice(dataDir: string, open: boolean): string[] {
  const who = open ? "an assistant" : "an assistant with an admin token";
  return [
    "No folder yet, so assistants cannot create notes. Import a vault as a first folder",
    "(it may run while Lens runs: the notes appear at once):",
    `  lens import --data ${shellWord(dataDir)} --folder NAME VAULT_DIR`,
    `or let ${who} create one: create with new_folder: true (e.g. file_path "Notes/Welcome.md").`,
  ];
}
