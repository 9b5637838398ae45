// The composition root of `lens`: the one place that wires the store, the Workspace and its link
// upkeep, sync, MCP, REST and the shared authenticator together. The CLI commands
// (cli/program.ts) parse flags and call it.
//
// - data.ts   — data directory → locked store + Workspace (+ link upkeep unless read-only)
// - serve.ts  — `lens serve`: data + auth + sync + REST + MCP on one port
// - stdio.ts  — `lens stdio`: data + one MCP session on stdin/stdout

export {
  importInto,
  importVaults,
  type OpenDataOptions,
  type OpenedData,
  openData,
} from "./data.js";
export { type RunningServer, startServe } from "./serve.js";
export { type RunningStdio, startStdio } from "./stdio.js";
