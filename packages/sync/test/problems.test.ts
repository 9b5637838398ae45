// Every error of the sync server — HTTP routes, body limits, unknown paths and refused
// WebSocket upgrades — answers with the port's one problem+json body (@lens/access), keeping
// y-sweet's statuses and messages.
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { addContent, docIdFor, fetchClientToken, type Running, startServer } from "./helpers.js";

const TOKEN = "problem-server-token";
const KEYS = ["detail", "instance", "status", "title", "type"];

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text: string;
}

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Asserts `a` is a problem of `status` with `detail`; returns its body. */
function expectProblem(a: Answer, status: number, detail: string): Record<string, unknown> {
  expect(a.status).toBe(status);
  expect(a.headers.get("content-type")).toBe("application/problem+json");
  const body = JSON.parse(a.text) as Record<string, unknown>;
  expect(
    Object.keys(body)
      .filter((k) => k !== "code")
      .sort(),
  ).toEqual(KEYS);
  expect(body.status).toBe(status);
  expect(body.type).toMatch(/^https:\/\/lens\.dev\/problems\/[a-z-]+$/);
  expect(body.detail).toBe(detail);
  if (status === 401) expect(a.headers.get("www-authenticate")).toBe('Bearer realm="lens"');
  return body;
}

/** A WebSocket upgrade request; resolves with the HTTP answer of a refusal. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
        ...headers,
      },
    });
    req.on("upgrade", () => reject(new Error("upgraded")));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: { get: (name) => (res.headers[name.toLowerCase()] as string) ?? null },
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("sync errors are problem+json", () => {
  let server: Running;
  afterEach(() => server.stop());

  it("HTTP routes: 400, 401, 403, 404, 413 and unknown paths", async () => {
    server = await startServer({ token: TOKEN });
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const url = server.url;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const noToken = await answer(await fetch(`${url}/doc/new`, { method: "POST" }));
    const body = expectProblem(noToken, 401, "Unauthorized: send Authorization: Bearer <token>");
    expect(body).toMatchObject({
      type: "https://lens.dev/problems/unauthorized",
      instance: "/doc/new",
      code: "missing",
    });
    expectProblem(
      await answer(await fetch(`${url}/d/${id}/as-update`)),
      401,
      "Unauthorized: send the client token from /auth",
    );

    const readOnly = (await fetchClientToken(url, id, TOKEN, { authorization: "read-only" }))
      .token!;
    const write = await fetch(`${url}/d/${id}/update`, {
      method: "POST",
      headers: bearer(readOnly),
      body: new Uint8Array([0, 0]),
    });
    expect(expectProblem(await answer(write), 403, "Token is read-only").type).toBe(
      "https://lens.dev/problems/read-only-token",
    );

    const missing = docIdFor(2);
    const gone = await fetch(`${url}/d/${missing}/as-update`, { headers: bearer(TOKEN) });
    expect(expectProblem(await answer(gone), 404, `Doc ${missing} not found`).type).toBe(
      "https://lens.dev/problems/not-found",
    );
    expectProblem(
      await answer(await fetch(`${url}/d/bad.name/as-update`, { headers: bearer(TOKEN) })),
      400,
      "Invalid document name",
    );
    const huge = await fetch(`${url}/doc/new`, {
      method: "POST",
      headers: { ...bearer(TOKEN), "content-type": "application/json" },
      body: JSON.stringify({ docId: "x".repeat(70 * 1024) }),
    });
    expectProblem(await answer(huge), 413, "Request body too large");
    expectProblem(await answer(await fetch(`${url}/nowhere`)), 404, "Not found");
  });

  it("refused WebSocket upgrades: 400, 401, 403, 404, without echoing the token", async () => {
    server = await startServer({
      token: TOKEN,
      guard: ({ origin }) => (origin === "http://evil.example" ? "foreign origin" : undefined),
    });
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const ws = `${server.url}/d/${id}/ws/${id}`;

    const forbidden = await upgrade(ws, { Origin: "http://evil.example" });
    expect(expectProblem(forbidden, 403, "foreign origin").type).toBe(
      "https://lens.dev/problems/forbidden-request",
    );
    const unauthorized = await upgrade(`${ws}?token=lens1.forged.token`);
    const body = expectProblem(
      unauthorized,
      401,
      "Unauthorized: send the client token from /auth as ?token=",
    );
    expect(body).toMatchObject({ instance: `/d/${id}/ws/${id}`, code: "invalid" });
    expect(unauthorized.text).not.toContain("forged");
    expectProblem(
      await upgrade(`${server.url}/d/${id}/ws/${docIdFor(2)}?token=${TOKEN}`),
      400,
      "Invalid document name",
    );
    expectProblem(await upgrade(`${server.url}/somewhere/else`), 404, "Not found");
  });
});
