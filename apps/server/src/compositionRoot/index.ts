// The composition root of `lens`: the one place that wires the store, the Workspace and its link
// upkeep, sync, MCP, REST and the shared authenticator together. The CLI commands
// (cli/program.ts) parse flags and call it.
//
// - data.ts   — data directory → locked store + Workspace (+ link upkeep unless read-only)
// - serve.ts  — `lens serve`: data + auth + sync + REST + MCP on one port
// - stdio.ts  — `lens stdio`: data + one MCP session on stdin/stdout, or a bridge to the server
//               holding the directory
// - folderImport.ts  — the rules of an import: refusal, backup before replacing, audit
// - importCommand.ts — `lens import` / `lens restore`: here, or handed to a running server
// - control.ts       — what a running server does for its control socket (../control/)

export { type OpenDataOptions, type OpenedData, openData } from "./data.js";
export {
  FolderExistsError,
  type FolderImportOutcome,
  outcomeLine,
} from "./folderImport.js";
export { type ImportJob, type ImportRun, runImport } from "./importCommand.js";
export { type RunningServer, startServe } from "./serve.js";
export { bridgeable, bridgeToServer, type RunningStdio, startStdio } from "./stdio.js";
