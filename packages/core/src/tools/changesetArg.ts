// The `changeset` argument of the writing tools (edit, insert, create, move, delete): an id the
// assistant chooses for changes a reviewer accepts or rejects together. Suggestions carry it in
// their metadata (critic/meta.ts), moves and deletions in their record (model/pendingChanges.ts).
import { z } from "zod";

export const changesetArg = z
  .string()
  .regex(/^[\w.-]{1,40}$/)
  .optional()
  .describe("Your id for changes to review together.");
