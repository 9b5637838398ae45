// Every route is an operation of the service's one role table, and the table is what decides:
// for each route, a token of each role is refused (403, naming the role needed) exactly when the
// table says its role is below the operation's.
import { ROLES, type Role, roleIncludes } from "@lens/core";
import { roleFor } from "@lens/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_OPERATIONS, type RouteId } from "../src/actor.js";
import { createRestApp } from "../src/index.js";
import { fixtureWorkspace } from "./support/fixture.js";
import { type TokenServer, tokenServer } from "./support/tokens.js";

// The API description and its reference page are public (no token).
const PUBLIC = new Set(["getOpenApiDocument", "getReferencePage", "getReferenceScript"]);

/** One request per route, enough to get past its schema to the role check. */
const REQUESTS: Record<RouteId, [method: string, path: string, body?: unknown]> = {
  listDocuments: ["GET", "/documents"],
  getDocument: ["GET", "/documents/Lens/Index.md"],
  getFile: ["GET", "/files/Lens/Index.md"],
  editDocument: ["POST", "/documents/Lens/Index.md/edit", { old_string: "a", new_string: "b" }],
  insertIntoDocument: ["POST", "/documents/Lens/Index.md/insert", { content: "x" }],
  createDocument: ["POST", "/documents", { path: "Lens/New.md", content: "x" }],
  moveDocument: ["POST", "/documents/Lens/Index.md/move", { new_path: "Lens/Moved.md" }],
  deleteDocument: ["POST", "/documents/Lens/Index.md/delete", {}],
  discardDocument: ["POST", "/documents/Lens/Index.md/discard"],
  getLinks: ["GET", "/documents/Lens/Index.md/links"],
  grep: ["GET", "/grep?pattern=x"],
  search: ["GET", "/search?query=x"],
  listSuggestions: ["GET", "/suggestions"],
  acceptSuggestions: ["POST", "/suggestions/accept", { path: "Lens", all: true }],
  rejectSuggestions: ["POST", "/suggestions/reject", { path: "Lens", all: true }],
  undoReview: ["POST", "/suggestions/undo", { token: "u_none" }],
  suggestionHistory: ["GET", "/suggestions/history"],
  withdrawSuggestions: ["POST", "/suggestions/withdraw", { ids: ["none-0"] }],
  streamEvents: ["HEAD", "/events"],
  getMe: ["GET", "/me"],
  listTokens: ["GET", "/tokens"],
  createToken: ["POST", "/tokens", { name: "n", role: "view" }],
  revokeToken: ["DELETE", "/tokens/nobody"],
  getAudit: ["GET", "/audit"],
};

describe("the routes and the role table", () => {
  it("maps every documented operation but the API description to a service operation", async () => {
    const res = await createRestApp({ workspace: fixtureWorkspace() }).request("/openapi.json");
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.filter((id) => !PUBLIC.has(id)).sort()).toEqual(
      Object.keys(ROUTE_OPERATIONS).sort(),
    );
  });

  let server: TokenServer;
  const tokens = new Map<Role, string>();
  beforeAll(async () => {
    server = await tokenServer();
    for (const role of ROLES) tokens.set(role, await server.add(`a ${role}`, role));
  });
  afterAll(() => server.close());

  for (const route of Object.keys(ROUTE_OPERATIONS) as RouteId[]) {
    it(`${route}: refused exactly below ${roleFor(ROUTE_OPERATIONS[route])}`, async () => {
      const [method, path, body] = REQUESTS[route];
      const needed = roleFor(ROUTE_OPERATIONS[route]);
      for (const role of ROLES) {
        const res = await server.fetch(path, {
          method,
          headers: {
            authorization: `Bearer ${tokens.get(role)}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const refused = res.status === 403;
        expect(refused, `${role} ${method} ${path}: ${res.status}`).toBe(
          !roleIncludes(role, needed),
        );
        if (refused && method !== "HEAD") {
          expect(((await res.json()) as { detail: string }).detail).toContain(`"${needed}" role`);
        } else await res.body?.cancel();
      }
    });
  }
});
