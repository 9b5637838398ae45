// The OpenAPI document: valid OpenAPI 3.1 (checked by a validator library), and in step with the
// routes the app really registers — no route without a documented operation, and no operation
// without a route.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { createRestApp, openApiPath, PROBLEM_CONTENT_TYPE } from "../src/index.js";
import { fixtureWorkspace } from "./support/fixture.js";

interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

async function documentOf(options: { token?: string } = {}) {
  const app = createRestApp({ workspace: fixtureWorkspace(), ...options });
  const res = await app.request("/openapi.json");
  expect(res.status).toBe(200);
  return { app, doc: (await res.json()) as OpenApi };
}

function operations(doc: OpenApi): [path: string, method: string, op: Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => [path, method, op] as [string, string, Operation]),
  );
}

/** Installed as a devDependency of @lens/rest; the test says so plainly if it is missing. */
function hasValidator(): boolean {
  try {
    createRequire(import.meta.url).resolve("@readme/openapi-parser");
    return true;
  } catch {
    return false;
  }
}

describe("OpenAPI document", () => {
  it.skipIf(!hasValidator())(
    "is valid OpenAPI 3.1 for @readme/openapi-parser, open and with a token",
    async () => {
      const { validate, compileErrors } = await import("@readme/openapi-parser");
      for (const options of [{}, { token: "t" }]) {
        const { doc } = await documentOf(options);
        expect(doc.openapi).toBe("3.1.0");
        const result = await validate(
          structuredClone(doc) as unknown as Parameters<typeof validate>[0],
        );
        expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
      }
    },
  );

  it("documents every route the app registers, and nothing else", async () => {
    const { app, doc } = await documentOf();
    const registered = new Set(
      app.routes
        .filter((r) => r.method !== "ALL")
        .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`),
    );
    const documented = new Set(operations(doc).map(([path, method]) => `${method} ${path}`));
    expect(registered.size).toBeGreaterThanOrEqual(9);
    for (const route of registered)
      expect(documented, `undocumented route ${route}`).toContain(route);
    for (const op of documented)
      expect(registered, `operation without a route: ${op}`).toContain(op);
  });

  it("names every operation uniquely and declares every path parameter", () => {
    return documentOf().then(({ doc }) => {
      const ids = operations(doc).map(([, , op]) => op.operationId);
      expect(ids.every((id) => typeof id === "string")).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      for (const [path, , op] of operations(doc)) {
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(op.parameters, `${path} declares ${name}`).toContainEqual(
            expect.objectContaining({ name, in: "path", required: true }),
          );
        }
      }
    });
  });

  it("describes every error response as a problem", async () => {
    const { doc } = await documentOf();
    for (const [path, method, op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual([
          PROBLEM_CONTENT_TYPE,
        ]);
      }
    }
  });

  it("writes route paths as OpenAPI templates", () => {
    expect(openApiPath("/documents/:path{.+}/edit")).toBe("/documents/{path}/edit");
    expect(openApiPath("/documents/{path{.+(?<!/links)}}")).toBe("/documents/{path}");
    expect(openApiPath("/a/:id{[0-9]{2,3}}/b/{name}")).toBe("/a/{id}/b/{name}");
    expect(openApiPath("/suggestions/accept")).toBe("/suggestions/accept");
  });
});
