// The API's self-description: the OpenAPI 3.1 document generated from the route schemas
// (GET /openapi.json) and the browsable reference page rendered by Scalar (referencePage.ts).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { mountPrefix } from "./mount.js";
import { registerReferencePage } from "./referencePage.js";
import { tags } from "./schemas.js";

export const API_TITLE = "Lens REST API";
/** Version of the API contract (its paths live under /api/v1). */
export const API_VERSION = "1.0.0";

const API_DESCRIPTION = [
  "Claude Code's tools (glob, grep, read, edit, get_links) over a team's Obsidian / Relay notes, plus review of the CriticMarkup suggestions that edits leave for humans to accept or reject.",
  "",
  "Errors are RFC 9457 problem details (`application/problem+json`) whose `type` is `https://lens.dev/problems/<slug>`.",
  "An edit needs proof of a prior read: the document's ETag in `If-Match`, or a `Lens-Session` header whose session read the document.",
].join("\n");

/** Index just past the brace group that starts at `start` (nested braces counted). */
function skipBraces(s: string, start: number): number {
  let depth = 0;
  for (let k = start; k < s.length; k++) {
    if (s[k] === "{") depth++;
    else if (s[k] === "}" && --depth === 0) return k + 1;
  }
  return s.length;
}

/**
 * OpenAPI path template of a route path: `/documents/:path{.+}/edit` (Hono) or
 * `/documents/{path{.+}}/edit` (route template) → `/documents/{path}/edit`. Parameter regexes
 * (which may hold slashes and braces) are dropped.
 */
export function openApiPath(path: string): string {
  let out = "";
  let i = 0;
  while (i < path.length) {
    const ch = path[i]!;
    const honoParam = ch === ":" && path[i - 1] === "/";
    if (!honoParam && ch !== "{") {
      out += ch;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < path.length && /[\w-]/.test(path[j]!)) j++;
    const name = path.slice(i + 1, j);
    if (path[j] === "{") j = skipBraces(path, j);
    if (!honoParam) j++; // the template's closing brace
    out += `{${name}}`;
    i = j;
  }
  return out;
}

type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/** The OpenAPI 3.1 document of `app`'s documented routes, served from `serverUrl`. */
export function openApiDocument(
  app: OpenAPIHono,
  serverUrl: string,
  secured: boolean,
): OpenApiDocument {
  const doc = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: API_TITLE, version: API_VERSION, description: API_DESCRIPTION },
    servers: [{ url: serverUrl }],
    tags: Object.values(tags).map((name) => ({ name })),
    ...(secured ? { security: [{ bearerAuth: [] }] } : {}),
  });
  const paths: NonNullable<OpenApiDocument["paths"]> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) paths[openApiPath(path)] = item;
  return { ...doc, paths };
}

const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  tags: [tags.meta],
  summary: "This OpenAPI document",
  security: [],
  responses: {
    200: {
      description: "OpenAPI 3.1 document",
      content: {
        "application/json": { schema: z.looseObject({}).openapi({ description: "OpenAPI 3.1" }) },
      },
    },
  },
});

/**
 * Registers GET /openapi.json and the reference page (GET /reference and its script); all are
 * public (they hold no notes). `referenceScript`: see RestAppOptions.
 */
export function registerApiDescription(
  app: OpenAPIHono,
  secured: () => boolean,
  referenceScript?: string,
): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A named token (`lens token add`) or the server's admin token (LENS_TOKEN / --token), the same as for MCP and sync. Roles: view reads, suggest also edits, edit also accepts and rejects, admin also manages tokens and reads the audit log.",
  });

  app.openapi(documentRoute, (c) => {
    const prefix = mountPrefix(c.req.path, "/openapi.json");
    return c.json(openApiDocument(app, prefix === "" ? "/" : prefix, secured()), 200);
  });

  registerReferencePage(app, { title: API_TITLE, scriptPath: referenceScript });
}
