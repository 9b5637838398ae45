// What an edit asks for and what comes of it, with the messages an assistant sees on refusal.

export interface EditRequest {
  oldString: string;
  newString: string;
  replaceAll?: boolean;
}

export interface EditOptions {
  /** Written into both marks as `{"author":…,"time":…}@@`; unset or empty = no metadata. */
  author?: string;
  /** Clock for the metadata time (ms since epoch); Date.now by default. */
  now?: () => number;
  /** Transaction origin; LENS_EDIT_ORIGIN by default. */
  origin?: unknown;
  /**
   * Why: written as a comment right after each suggestion (critic/reason.ts), with the same
   * metadata. Checked by the caller (reasonProblem); the engine's view checks refuse any other.
   */
  reason?: string;
  /** Written into the metadata (with an author) as `"changeset":"…"`. */
  changeset?: string;
}

/**
 * Most occurrences one replace_all may replace: each becomes a suggestion a human reviews, and
 * writing them costs more than linear time in Yjs (350 000 held the event loop for 811 ms;
 * 1 000 take about 20 ms).
 */
export const MAX_REPLACEMENTS = 1000;

export type EditErrorCode =
  | "too_many"
  | "not_found"
  | "not_unique"
  | "identical"
  | "delimiters"
  | "empty_old"
  | "inside_comment"
  | "others_suggestion";

export type EditOutcome =
  | { ok: true; replacements: number; firstLine: number }
  | {
      ok: false;
      code: EditErrorCode;
      count?: number;
      message: string;
      /** others_suggestion: the author of the suggestion in the way, when one is recorded. */
      author?: string;
      /** others_suggestion: the AI-view line it starts on. */
      line?: number;
    };

export type EditRefusal = Extract<EditOutcome, { ok: false }>;

/** The pending suggestion of another author that an edit would have changed. */
export interface OthersSuggestion {
  /** Its author; undefined when its metadata names none. */
  author: string | undefined;
  /** AI-view line where it starts. */
  line: number;
  /** What it proposes, e.g. `replace "a" with "b"`. */
  change: string;
  /** Whether the refused edit carried an author. */
  editorHasAuthor: boolean;
  /**
   * True when the edit, written where old_string is, would sit right next to it and join it
   * into one suggestion; false when old_string overlaps it.
   */
  touching: boolean;
}

const DELIMITER_LIST = "{++ ++} {-- --} {~~ ~~} {>> <<} {== ==}";

export const refuse = {
  emptyOld(): EditRefusal {
    return {
      ok: false,
      code: "empty_old",
      message:
        "old_string is empty. To add text, set old_string to existing text next to where it goes (unique in the document) and new_string to that text with your addition.",
    };
  },
  identical(): EditRefusal {
    return {
      ok: false,
      code: "identical",
      message:
        "old_string and new_string are identical, so there is nothing to change. Put the text you want in new_string.",
    };
  },
  delimiters(which: "old_string" | "new_string", delimiter: string): EditRefusal {
    return {
      ok: false,
      code: "delimiters",
      message: `${which} contains the CriticMarkup delimiter "${delimiter}". Edits are written as CriticMarkup suggestions, so old_string and new_string cannot contain ${DELIMITER_LIST}. Edit a span that does not include them, and leave existing suggestions and comments to the human reviewers.`,
    };
  },
  unsafe(line: number): EditRefusal {
    return {
      ok: false,
      code: "delimiters",
      message: `This change cannot be written as a CriticMarkup suggestion without changing how nearby text reads: the text around line ${line} contains CriticMarkup-like characters (such as ++} or --}, e.g. in code) or code markers that a suggestion would break. Try a smaller old_string that avoids them, or ask a human to make this change.`,
    };
  },
  notFound(): EditRefusal {
    return {
      ok: false,
      code: "not_found",
      message:
        "old_string was not found in the document. It must match the document text exactly as read shows it (without the line-number prefix), including whitespace and indentation. Read the document again and copy the exact text.",
    };
  },
  lineNumberPrefix(prefix: string, foundWithout: boolean, inNewString: boolean): EditRefusal {
    const shown = JSON.stringify(prefix);
    return {
      ok: false,
      code: "not_found",
      message: [
        `old_string was not found in the document: it starts with read's line-number prefix (${shown}), which is not part of the document.`,
        `Drop the prefix from every line${inNewString ? " (in new_string too)" : ""} and copy only the text after it.`,
        foundWithout
          ? "Without them, old_string is found in the document."
          : "Even without them the text does not match: read the document again and copy the exact text.",
      ].join(" "),
    };
  },
  notUnique(count: number): EditRefusal {
    return {
      ok: false,
      code: "not_unique",
      count,
      message: `Found ${count} matches of old_string in the document, but replace_all is false. Provide more surrounding context in old_string to make it unique, or set replace_all to true to replace every match.`,
    };
  },
  tooMany(): EditRefusal {
    return {
      ok: false,
      code: "too_many",
      count: MAX_REPLACEMENTS + 1,
      message: `old_string has more than ${MAX_REPLACEMENTS} matches in the document, and one edit with replace_all changes at most ${MAX_REPLACEMENTS} (each becomes a suggestion a human reviews). Narrow old_string with the text around the occurrences you mean so it matches fewer places, and edit the rest in further calls.`,
    };
  },
  insideComment(line: number, kind: "comment" | "highlight"): EditRefusal {
    const what = kind === "comment" ? "a reviewer comment {>>…<<}" : "a highlight {==…==}";
    return {
      ok: false,
      code: "inside_comment",
      message: `old_string overlaps ${what} on line ${line}. Comments and highlights belong to the human reviewers and cannot be changed by a suggestion; choose old_string outside them.`,
    };
  },
  othersSuggestion(s: OthersSuggestion): EditRefusal {
    const whose =
      s.author === undefined
        ? "a pending suggestion with no author recorded"
        : `a pending suggestion by ${s.author}`;
    const where = `${whose} on line ${s.line} (${s.change})`;
    const owner = s.author === undefined ? "it" : `${s.author}'s suggestion`;
    const parts = [
      s.touching
        ? `Written there, your edit would sit right next to ${where} and read as part of it.`
        : `old_string overlaps ${where}.`,
      `An edit changes only its own author's pending suggestions, so ${owner} stays as it is for a human to accept or reject.`,
    ];
    if (!s.editorHasAuthor)
      parts.push(
        "Edits on this server record no author, so they never change a pending suggestion, not even one an earlier edit made.",
      );
    parts.push(
      s.touching
        ? "Choose an old_string that also takes some text on its other side, or one elsewhere."
        : "Choose an old_string outside it, ending before it or starting after it.",
      "To propose other wording for the text it suggests, put yours next to it as a separate suggestion and tell the user, or ask a reviewer to accept or reject it first.",
    );
    const refusal: EditRefusal = {
      ok: false,
      code: "others_suggestion",
      line: s.line,
      message: parts.join(" "),
    };
    if (s.author !== undefined) refusal.author = s.author;
    return refusal;
  },
};
