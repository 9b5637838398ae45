// The shapes of the REST answers the page reads (apps/rest/README.md), as the page uses them.

export type Role = "view" | "suggest" | "edit" | "admin";

/** GET /me: who the token is. `open` = a server that needs no token (loopback, none set). */
export interface Me {
  name: string | null;
  role: Role;
  folders: string[] | null;
  open: boolean;
}

/** One entry of GET /documents. */
export interface DocumentEntry {
  path: string;
  type: string;
  modified: string | null;
  size: number | null;
  pendingSuggestions: number | null;
}

export interface DocumentList {
  documents: DocumentEntry[];
  truncated: boolean;
  total: number;
}

export type SuggestionKind = "insert" | "delete" | "substitute" | "replace";

/** What a suggestion does (REST's `change`). */
export type ChangeKind = "edit" | "create" | "move" | "delete";

/** One pending suggestion of GET /suggestions. `time` is in ms since the epoch. */
export interface Suggestion {
  id: string;
  path: string;
  line: number;
  kind: SuggestionKind;
  old: string;
  new: string;
  /** What it does; absent on a suggestion the page parsed itself (the document view). */
  change?: ChangeKind;
  author?: string;
  /** An assistant's or a person's (REST's rule); absent when no author is recorded. */
  by?: "assistant" | "person";
  time?: number;
  /** The text around it (the line above to the line below), as the AI view reads. */
  context?: { before: string; after: string };
  /** Why its author suggested it (the comment written right after it), when given. */
  reason?: string;
  /** The changeset its author tagged it with: reviewed together with the others. */
  changeset?: string;
}

/** A suggested move or deletion of a note: nothing changes until it is accepted. */
export interface PendingChange {
  id: string;
  kind: "move" | "delete";
  /** The note, where it is now. */
  path: string;
  /** A move's target path. */
  to?: string;
  author?: string;
  time: number;
  reason?: string;
  changeset?: string;
  /** A move's link rewrites in notes the reader reaches (written when it is accepted). */
  rewrites: { path: string; old: string; new: string }[];
  /** A move's rewrites in notes out of the reader's reach: counted only. */
  hiddenRewrites: number;
}

export interface SuggestionList {
  suggestions: Suggestion[];
  count: number;
  /** Absent from servers before pending moves and deletions. */
  changes?: PendingChange[];
}

/** GET /documents/{path}?view=raw (JSON form). */
export interface RawDocument {
  path: string;
  etag: string;
  content: string;
}

export type ReviewAction = "accept" | "reject";

export type ReviewStatus = "applied" | "not_found" | "conflict";

export interface ReviewItem {
  id: string;
  status: ReviewStatus;
}

/** POST /suggestions/accept|reject (200). */
export interface ReviewAnswer {
  action: ReviewAction;
  /** The moves and deletions reviewed (a changeset's, or asked by id). */
  changes?: ChangeResult[];
  applied: number;
  notFound: number;
  conflicts: number;
  /** `removed`: a rejected creation (the note's whole text was the insertion) removed the note. */
  /** `undo`: the token that undoes this document's review (POST /suggestions/undo). */
  documents: {
    path: string;
    etag: string;
    results: ReviewItem[];
    removed?: boolean;
    undo?: string;
  }[];
}

/** POST /suggestions/undo (200). */
export interface UndoAnswer {
  path: string;
  undid: ReviewAction;
  etag: string;
  suggestions: { id: string }[];
}

/** An RFC 9457 problem, as every error of the server is. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  results?: ReviewItem[];
  /** An undo's conflict: where the note is now. */
  path?: string;
}

/** What became of one reviewed move or deletion. */
export interface ChangeResult {
  id: string;
  status: "applied" | "not_found" | "conflict";
  kind?: "move" | "delete";
  /** The note, where it is now (an accepted move: its new path). */
  path?: string;
  to?: string;
  message?: string;
  rewritten?: string[];
  /** Where the note was when the page listed the change (the page adds it). */
  from?: string;
}
