// The `delete` tool: suggests deleting a note. Always a pending deletion, whatever the caller's
// role: nothing changes until a reviewer accepts it (review/resolveChange.ts), and read shows it
// pending meanwhile. Read-before-write applies, as for edit.
import { z } from "zod";
import { suggestChange } from "../changes/suggestChange.js";
import { changesetArg } from "./changesetArg.js";
import { lookupDocument } from "./document.js";
import { notReadYet } from "./readFirst.js";
import { reasonArg, reasonRefusal } from "./reasonArg.js";
import { defineTool, success } from "./tool.js";

const input = z.object({
  file_path: z.string().describe("As read printed it."),
  reason: reasonArg,
  changeset: changesetArg,
});

export const deleteTool = defineTool({
  name: "delete",
  title: "Suggest deleting a note",
  description:
    "Suggests deleting a note you read: it stays until a human accepts; links to it then go unresolved.",
  input,
  output: z.object({
    path: z.string(),
    pending: z.string().describe("The deletion's change id (withdraw takes it)."),
  }),
  readOnly: false,
  run(ws, session, args, caller) {
    const found = lookupDocument(ws, args.file_path, caller?.reach);
    if (!found.ok) return found;
    const { loc } = found.value;
    const unread = notReadYet(session, loc, args.file_path, "delete");
    if (unread) return unread;
    const badReason = reasonRefusal(args.reason, loc.path);
    if (badReason) return badReason;
    const suggested = suggestChange(ws, loc, {
      kind: "delete",
      author: caller?.author ?? ws.author,
      reason: args.reason,
      changeset: args.changeset,
    });
    if (!suggested.ok) return suggested;
    return success({ path: loc.path, pending: suggested.value.id });
  },
  renderText(r) {
    return `Suggested deleting ${r.path} (change ${r.pending}): it stays until a reviewer accepts; read shows it pending.`;
  },
});
