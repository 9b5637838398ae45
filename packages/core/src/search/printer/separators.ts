// Separators of rg's standard output, as printer options rather than strings in the code.

export interface Separators {
  /** Between path, line number and text of a matching line (`path:3:text`). */
  match: string;
  /** Between path, line number and text of a context line (`path-3-text`). */
  context: string;
  /** The line between groups that are not adjacent, and between documents (`--`). */
  contextBreak: string;
}

export const RG_SEPARATORS: Separators = { match: ":", context: "-", contextBreak: "--" };
