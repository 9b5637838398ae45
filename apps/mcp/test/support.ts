// What the MCP door's tests share (and the host's tests reuse): the fixture vault as a
// Workspace, the service over it as the composition root makes one, and calls made through an
// SDK client.
import {
  formatMeta,
  SessionStore,
  startLinkUpkeep,
  type Workspace,
  workspaceFromTexts,
} from "@lens/core";
import { createLens, type Lens } from "@lens/service";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The fixture vault: two folders, links between them, repeated lines for not-unique edits. */
export const TEAM_FILES: Record<string, string> = {
  "Notes/Ideas.md": "# Ideas\n\nWe should try [[Plans]] soon.\nThe old idea was good.\n",
  "Plans.md":
    "# Plans\n\nPlan A: ship it.\nPlan B: ship it again.\nSee [[Ideas]] and [[Missing Note]].\n",
  "Archive/Old.md": "ship it\nship it\n",
};

export const RESEARCH_FILES: Record<string, string> = {
  "Paper.md": "# Paper\n\nBuilds on [[Team/Plans]].\n",
};

export const FIXTURE_PATHS = [
  "Research/Paper.md",
  "Team/Archive/Old.md",
  "Team/Notes/Ideas.md",
  "Team/Plans.md",
];

/** The fixture vault in a Workspace, with link upkeep running as `lens serve` runs it. */
export function fixtureWorkspace(options: { author?: string } = {}): Workspace {
  const ws = workspaceFromTexts(
    [
      { name: "Team", files: TEAM_FILES },
      { name: "Research", files: RESEARCH_FILES },
    ],
    options,
  );
  startLinkUpkeep(ws);
  return ws;
}

/** What a test gives the service: the workspace, read tracking and the persist port. */
export interface ServiceParts {
  workspace?: Workspace;
  sessions?: SessionStore;
  afterWrite?: () => Promise<void>;
}

/** The service over `parts` (the fixture workspace by default), as the composition root makes it. */
export function serviceOver(parts: ServiceParts = {}): Lens {
  return createLens(
    parts.workspace ?? fixtureWorkspace(),
    parts.afterWrite ? { persist: parts.afterWrite } : {},
    { sessions: parts.sessions ?? new SessionStore() },
  );
}

export interface Connection {
  client: Client;
  transport?: StreamableHTTPClientTransport;
  /** Ends the MCP session (DELETE) and closes the client. */
  close(): Promise<void>;
}

/** Calls a tool and returns its text and error flag. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return { text, isError: result.isError === true };
}

/** The raw text of a document of a workspace, by user-facing path. */
export function rawText(workspace: Workspace, path: string): string {
  const r = workspace.resolve(path);
  if (r.kind !== "document") throw new Error(`${path}: ${r.kind}`);
  return workspace.contentText(r.loc.docId)!.toString();
}

/**
 * The raw markup of a suggestion replacing `oldText` by `newText`, attributed to `author` (the
 * test client's name: with no token name and no --author, Lens records the MCP client's name).
 */
export function suggested(oldText: string, newText: string, author = "lens-test"): RegExp {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const meta = esc(formatMeta(author, 0)).replace(
    '"time":0,"timestamp":0',
    '"time":\\d+,"timestamp":\\d+',
  );
  return new RegExp(`\\{--${meta}${esc(oldText)}--\\}\\{\\+\\+${meta}${esc(newText)}\\+\\+\\}`);
}
