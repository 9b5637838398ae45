// The one error a grep pattern can raise: invalid syntax or a construct the linear-time engine
// refuses (backreferences, look-around, …), with the construct named so the assistant can fix it.

/** A pattern ripgrep's regex flavour rejects, or one Lens cannot run in linear time. */
export class PatternError extends Error {
  override name = "PatternError";
  constructor(
    message: string,
    /** The offending construct as written, e.g. `\1` or `(?=`; absent for general syntax errors. */
    readonly construct?: string,
    /** Index in the pattern where the problem starts, when known. */
    readonly offset?: number,
  ) {
    super(message);
  }
}
