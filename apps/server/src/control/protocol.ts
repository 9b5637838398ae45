// What goes over a data directory's control socket: HTTP/1.1 on a unix socket, three routes.
//
//   GET  /v1/owner   → OwnerInfo: which Lens process holds the directory and what it offers
//   POST /v1/import  → ImportRequestBody in; NDJSON out: progress lines, then one result or error
//   GET  /v1/mcp     with `Upgrade: lens-mcp-stdio` → 101, then the connection carries one MCP
//                    session framed as stdio is (one JSON-RPC message a line), as the owner
import { z } from "zod";
import type { FolderImportOutcome } from "../compositionRoot/folderImport.js";

/** The Upgrade token of a bridged MCP session. */
export const MCP_UPGRADE = "lens-mcp-stdio";
/** Sent with the upgrade: the bridged client's `--author`. */
export const AUTHOR_HEADER = "lens-author";

export type OwnerCommand = "serve" | "stdio" | "import";

export interface OwnerInfo {
  lens: string;
  command: OwnerCommand;
  pid: number;
  /** The data directory, as the owner resolved it. */
  dir: string;
  /** Where a server listens (serve only, once listening). */
  url?: string;
  /** What the socket does besides /v1/owner: a running server imports and bridges MCP. */
  serves: Array<"import" | "mcp">;
}

/** The largest request body the socket reads. */
export const MAX_BODY_BYTES = 256 * 1024;

export const ImportRequestBody = z.union([
  z
    .object({
      vaults: z
        .array(
          z
            .object({ dir: z.string().min(1).max(4096), name: z.string().min(1).max(1024) })
            .strict(),
        )
        .min(1)
        .max(1000),
      replace: z.boolean(),
    })
    .strict(),
  z.object({ restore: z.string().min(1).max(4096) }).strict(),
]);
export type ImportRequestBody = z.infer<typeof ImportRequestBody>;

/** One line of an import's answer. */
export type ImportAnswerLine =
  | { progress: { label: string; done: number; total: number } }
  | { result: FolderImportOutcome[] }
  | {
      error: {
        /** folder_exists and config exit 2 at the CLI, failed exits 1. */
        code: "folder_exists" | "config" | "failed";
        message: string;
        folder?: string;
        notes?: number;
      };
    };

/** The data directory is held by another Lens process, which said who it is. */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
  constructor(
    readonly dir: string,
    readonly owner: OwnerInfo,
  ) {
    super(
      `${dir} is in use by another Lens process (\`lens ${owner.command}\`, pid ${owner.pid}${owner.url ? `, at ${owner.url}` : ""}). Stop that process first, or use another --data directory.`,
    );
  }
}
