// The banner `lens serve` prints once it listens (the server itself is composed in
// compositionRoot/serve.ts).
import { documentSummary, plural } from "@lens/core";
import type { RunningServer } from "../compositionRoot/index.js";
import { isLoopbackHost } from "../http/hostGuard.js";
import { publicBaseUrl } from "../http/publicBase.js";
import { LENS_VERSION } from "../version.js";
import type { ServeConfig } from "./config.js";
import { firstFolderAdvice } from "./firstFolder.js";

/**
 * What `serve` prints once it listens: where everything is and how to connect assistants, at
 * an address others can use (`--public-url`, else a reachable address of this machine).
 */
export function startupBanner(
  server: RunningServer,
  config: Pick<ServeConfig, "publicUrl" | "token">,
): string {
  const base = publicBaseUrl(server.listening, config.publicUrl);
  const mcpUrl = `${base}/mcp`;
  const ws = server.data.workspace;
  const folders = ws
    .folders()
    .map((f) => f.name)
    .sort();
  const sum = documentSummary(ws);
  const where = `in ${plural(folders.length, "folder")} (${folders.join(", ") || "none"}) from ${server.data.choice.dir}`;
  const what =
    sum.withContent === sum.listed
      ? `${plural(sum.listed, "document")} ${where}`
      : `${sum.withContent} of ${plural(sum.listed, "listed document")} have content, ${where}`;
  const warnings = [
    sum.withContent < sum.listed
      ? `  ! ${plural(sum.listed - sum.withContent, "listed document")} without content here: listed, but read and grep cannot see them`
      : "",
    sum.unlisted > 0
      ? `  ! ${plural(sum.unlisted, "content doc")} in no folder: loaded but not served (their folder doc is not in this directory)`
      : "",
    sum.unavailable > 0
      ? `  ! ${plural(sum.unavailable, "file")} failed to load: quarantined, kept as is and never written over (see the log)`
      : "",
    ...(folders.length === 0
      ? firstFolderAdvice(server.data.choice.dir, server.auth.open).map((l, i) =>
          i === 0 ? `  ! ${l}` : `    ${l}`,
        )
      : []),
  ].filter((w) => w !== "");
  // `$LENS_TOKEN` only when that variable holds the admin token; otherwise (a --token flag,
  // or named tokens) a placeholder: the banner never prints a token.
  const tokenRef =
    config.token !== undefined && process.env.LENS_TOKEN?.trim() === config.token
      ? "$LENS_TOKEN"
      : "<your token>";
  const header = server.auth.hasTokens ? ` --header "Authorization: Bearer ${tokenRef}"` : "";
  const lines = [
    `Lens ${LENS_VERSION}: ${what}`,
    ...warnings,
    `  Review   ${base}/  (the review page, in a browser)`,
    `  MCP      ${mcpUrl}`,
    `  REST     ${base}/api/v1`,
    `  Sync     ${base}  (y-sweet: /doc/:id/auth, /d/:id/ws/:id)`,
    `  Health   ${base}/healthz`,
    "",
    "Connect Claude Code:",
    `  claude mcp add --transport http lens ${mcpUrl}${header}`,
    "",
    "Connect Claude Desktop (claude_desktop_config.json; mcp-remote bridges stdio to this server):",
    ...desktopConfig(mcpUrl, { secured: server.auth.hasTokens }).map((l) => `  ${l}`),
    "",
    "Stop with Ctrl-C (every document is flushed to disk first).",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Claude Desktop's entry for this server: `npx mcp-remote URL`, the bearer token passed through
 * an environment variable so no argument holds a space (Windows) or the token itself.
 */
export function desktopConfig(mcpUrl: string, config: { secured: boolean }): string[] {
  const args = ["-y", "mcp-remote", mcpUrl];
  // mcp-remote refuses plain http beyond loopback unless told.
  const url = new URL(mcpUrl);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) args.push("--allow-http");
  const entry: Record<string, unknown> = { command: "npx", args };
  if (config.secured) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${VAR} itself
    args.push("--header", "Authorization:${LENS_AUTH_HEADER}");
    entry.env = { LENS_AUTH_HEADER: "Bearer <your token>" };
  }
  return JSON.stringify({ mcpServers: { lens: entry } }, null, 2).split("\n");
}
