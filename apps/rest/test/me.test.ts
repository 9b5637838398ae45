// GET /me over real HTTP: who each kind of caller is — named tokens of every role, scoped or
// not, the admin token, an open server — and the refusals every route makes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overHttp } from "./support/clients.js";
import { expectJson, expectProblem } from "./support/expect.js";
import { ADMIN_TOKEN, type TokenServer, tokenServer } from "./support/tokens.js";

interface Me {
  name: string | null;
  role: string;
  folders: string[] | null;
  open: boolean;
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe("GET /me", () => {
  let server: TokenServer;
  beforeAll(async () => {
    server = await tokenServer();
  });
  afterAll(() => server.close());

  it("names a named token, its role and its folders, sorted", async () => {
    const token = await server.add("Ana", "view", ["Team", "Lens"]);
    const me = await expectJson<Me>(await server.fetch("/me", bearer(token)));
    expect(me).toEqual({ name: "Ana", role: "view", folders: ["Lens", "Team"], open: false });
  });

  it("answers null folders for a token that reaches every folder, for each role", async () => {
    for (const role of ["suggest", "edit", "admin"] as const) {
      const token = await server.add(`Bo ${role}`, role);
      const me = await expectJson<Me>(await server.fetch("/me", bearer(token)));
      expect(me).toEqual({ name: `Bo ${role}`, role, folders: null, open: false });
    }
  });

  it("answers the admin token as an admin without a name", async () => {
    const me = await expectJson<Me>(await server.fetch("/me", bearer(ADMIN_TOKEN)));
    expect(me).toEqual({ name: null, role: "admin", folders: null, open: false });
  });

  it("401 without a token or with a wrong one, 400 for a query parameter", async () => {
    await expectProblem(await server.fetch("/me"), "unauthorized");
    await expectProblem(await server.fetch("/me", bearer("lens_not-a-token")), "unauthorized");
    await expectProblem(
      await server.fetch("/me?role=admin", bearer(ADMIN_TOKEN)),
      "unknown-parameter",
    );
  });

  it("says open on a server without tokens: the caller is its owner, an admin", async () => {
    const open = await overHttp();
    try {
      const me = await expectJson<Me>(await open.fetch("/me"));
      expect(me).toEqual({ name: null, role: "admin", folders: null, open: true });
    } finally {
      await open.close();
    }
  });
});
