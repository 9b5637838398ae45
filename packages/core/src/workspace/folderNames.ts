// The names folders are shown under: the name each wants (folder_config.name, the configured
// mapping, else `Folder-{uuid8}`), made unique — the most senior folder (lowest rank; the
// workspace ranks folders by when they came, see Workspace#renameFolders) keeps a name several
// want, the others get their uuid appended. Every user-facing path starts with one, so two
// folders under one name would give two notes one path; and a token's reach is a set of folder
// names, so a newcomer taking a held name would take over what that name's tokens see.

export interface FolderNameWish {
  docId: string;
  /** The folder's uuid (its doc id after the relay id). */
  uuid: string;
  /** The name it wants, NFC. */
  name: string;
  /** Seniority: a lower rank keeps a shared name; equal ranks fall back to the doc id. */
  rank: number;
}

/** Each folder's final name by doc id: all distinct, the same for the same wishes. */
export function uniqueFolderNames(wishes: readonly FolderNameWish[]): Map<string, string> {
  const sorted = [...wishes].sort(
    (a, b) => a.rank - b.rank || (a.docId < b.docId ? -1 : a.docId > b.docId ? 1 : 0),
  );
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const { docId, uuid, name } of sorted) {
    // Short uuid first; the whole uuid when two uuids share their first 8 characters; a
    // number when even that is a name some folder chose.
    const candidates = [name, `${name} (${uuid.slice(0, 8)})`, `${name} (${uuid})`];
    let final = candidates.find((c) => !taken.has(c));
    for (let n = 2; final === undefined; n++) {
      if (!taken.has(`${name} (${uuid}) ${n}`)) final = `${name} (${uuid}) ${n}`;
    }
    taken.add(final);
    names.set(docId, final);
  }
  return names;
}
