// The one table of what each operation needs: every tool and every door's operation names the
// role it takes here, and nowhere else is a role compared. Doors ask `refusal` before they act
// on anything the service does not run for them (token management, sync writes).
import {
  type Caller,
  type LensError,
  lensError,
  lensTools,
  type Role,
  roleIncludes,
  roleRefusal,
  type Tool,
} from "@lens/core";

/** Each operation, the role it needs, and how a refusal names it. */
export const OPERATIONS = {
  // The tools (MCP tools/call, REST routes that run them).
  read: { role: "view", words: "the read tool" },
  glob: { role: "view", words: "the glob tool" },
  grep: { role: "view", words: "the grep tool" },
  search: { role: "view", words: "the search tool" },
  get_links: { role: "view", words: "the get_links tool" },
  recent: { role: "view", words: "the recent tool" },
  suggestions: { role: "view", words: "the suggestions tool" },
  edit: { role: "suggest", words: "editing (suggesting a change)" },
  insert: { role: "suggest", words: "inserting (suggesting an addition)" },
  create: { role: "suggest", words: "creating a note" },
  move: { role: "suggest", words: "moving a note" },
  delete: { role: "suggest", words: "suggesting a deletion" },
  withdraw: { role: "suggest", words: "withdrawing your suggestions" },
  // Reading outside the tools.
  "document.read": { role: "view", words: "reading a document" },
  "suggestions.list": { role: "view", words: "listing suggestions" },
  "events.watch": { role: "view", words: "watching changes" },
  "me.read": { role: "view", words: "reading who you are" },
  // Review.
  "suggestions.accept": { role: "edit", words: "accepting suggestions" },
  "suggestions.reject": { role: "edit", words: "rejecting suggestions" },
  "suggestions.undo": { role: "edit", words: "undoing a review" },
  "document.discard": { role: "edit", words: "discarding a note" },
  // Sync (y-sweet protocol).
  "sync.read": { role: "view", words: "reading through sync" },
  "sync.write": { role: "edit", words: "a full-access sync token (writing through sync)" },
  "sync.create": { role: "edit", words: "creating a document" },
  // …and, for a caller that reaches every folder, making a doc a folder or renaming one.
  "sync.folder": { role: "edit", words: "making or renaming a folder through sync" },
  // Administration.
  "tokens.manage": { role: "admin", words: "token management and the audit log" },
  "audit.read": { role: "admin", words: "token management and the audit log" },
  "folder.import": { role: "admin", words: "importing a vault" },
  "folder.create": { role: "admin", words: "creating a shared folder (create's new_folder)" },
  "health.details": { role: "admin", words: "the server's details" },
} as const satisfies Record<string, { role: Role; words: string }>;

export type Operation = keyof typeof OPERATIONS;

export function isOperation(name: string): name is Operation {
  return Object.hasOwn(OPERATIONS, name);
}

/** The role `operation` needs. */
export function roleFor(operation: Operation): Role {
  return OPERATIONS[operation].role;
}

/** Whether `caller`'s role allows `operation`. */
export function may(caller: Caller, operation: Operation): boolean {
  return roleIncludes(caller.role, roleFor(operation));
}

/** The `forbidden` error naming the role `operation` needs, or undefined when it is allowed. */
export function refusal(caller: Caller, operation: Operation): LensError | undefined {
  if (may(caller, operation)) return undefined;
  const { role, words } = OPERATIONS[operation];
  return lensError("forbidden", roleRefusal(caller.role, role, words));
}

/**
 * The operations a tool call adds by its arguments, beyond the tool's own: `create` with
 * `new_folder: true` makes a shared folder.
 */
export function operationsOfArguments(tool: string, args: Record<string, unknown>): Operation[] {
  return tool === "create" && args.new_folder === true ? ["folder.create"] : [];
}

/** The tools `caller` may call, in listing order (what MCP's tools/list shows it). */
export function toolsFor(caller: Caller): Tool[] {
  return lensTools.filter((t) => isOperation(t.name) && may(caller, t.name));
}
