// The `reason` argument of the tools that write suggestions (edit, insert, create, move): why,
// in one short paragraph, stored with each suggestion as its reason comment (critic/reason.ts).
import { z } from "zod";
import { MAX_REASON_CHARS, reasonProblem } from "../critic/reason.js";
import { failure } from "./tool.js";

export const reasonArg = z
  .string()
  .max(MAX_REASON_CHARS)
  .optional()
  .describe("Why, briefly; shown to the reviewer.");

/** The refusal of a reason that cannot be written (nothing is changed), or undefined. */
export function reasonRefusal(reason: string | undefined, path: string) {
  if (reason === undefined) return undefined;
  const problem = reasonProblem(reason);
  return problem
    ? failure("invalid_edit", `No change made to ${path}: ${problem}.`, { argument: "reason" })
    : undefined;
}
