// Command-line configuration: flags over LENS_* variables over defaults, and the refusals.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  parseFolderNames,
  parseImports,
  resolveServeConfig,
} from "../src/cli/config.js";
import { chooseDataDir } from "../src/cli/dataDir.js";

const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("serve configuration", () => {
  it("has loopback defaults", () => {
    const c = resolveServeConfig({}, {});
    expect(c).toMatchObject({
      host: DEFAULT_HOST,
      port: DEFAULT_PORT,
      token: undefined,
      seed: true,
      logLevel: "info",
      idleTimeoutMs: 30 * 60_000,
      maxSessions: 1000,
    });
  });

  it("reads LENS_* variables, and flags win over them", () => {
    const env = {
      LENS_PORT: "4000",
      LENS_HOST: "::1",
      LENS_FOLDER_NAMES: `${UUID}=Lens, ${UUID.replace("0f", "1f")}=Other`,
      LENS_IMPORT: "/v/a=A,/v/b",
      LENS_AUTHOR: "Claude",
      LENS_LOG_LEVEL: "debug",
      LENS_ALLOWED_HOSTS: "lens.example.com",
      LENS_SESSION_IDLE_MINUTES: "5",
      LENS_MAX_SESSIONS: "10",
    };
    const c = resolveServeConfig({}, env);
    expect(c).toMatchObject({
      port: 4000,
      host: "::1",
      author: "Claude",
      logLevel: "debug",
      allowedHosts: ["lens.example.com"],
      idleTimeoutMs: 5 * 60_000,
      maxSessions: 10,
      imports: [{ dir: "/v/a", name: "A" }, { dir: "/v/b" }],
    });
    expect(c.folderNames[UUID]).toBe("Lens");
    const f = resolveServeConfig(
      { port: "5000", folderName: [`${UUID}=Flag`], import: ["/x"] },
      env,
    );
    expect(f.port).toBe(5000);
    expect(f.folderNames).toEqual({ [UUID]: "Flag" });
    expect(f.imports).toEqual([{ dir: "/x" }]);
  });

  it("leaves the beyond-loopback token check to serve (named tokens live in the data directory)", () => {
    expect(resolveServeConfig({ host: "0.0.0.0" }, {}).token).toBeUndefined();
    expect(resolveServeConfig({ host: "0.0.0.0" }, { LENS_TOKEN: "a".repeat(32) }).token).toBe(
      "a".repeat(32),
    );
    expect(resolveServeConfig({ host: "localhost" }, {}).host).toBe("localhost");
    expect(resolveServeConfig({ host: "127.0.0.2" }, {}).host).toBe("127.0.0.2");
  });

  it("refuses weak tokens, bad ports and bad values with clear messages", () => {
    expect(() => resolveServeConfig({ token: "short" }, {})).toThrow(/at least 16 characters/);
    expect(() => resolveServeConfig({ port: "http" }, {})).toThrow(/port/);
    expect(() => resolveServeConfig({ port: "70000" }, {})).toThrow(/65535/);
    expect(() => resolveServeConfig({ logLevel: "loud" }, {})).toThrow(/log level/);
    expect(() => resolveServeConfig({}, { LENS_MAX_SESSIONS: "0" })).toThrow(/max sessions/);
    expect(() => parseFolderNames(["not-a-uuid=X"])).toThrow(/UUID=NAME/);
    expect(() => parseFolderNames([`${UUID}=a/b`])).toThrow(/"\/"/);
    expect(() => parseImports(["=X"])).toThrow(/DIR=NAME/);
  });

  it("chooses the data directory: --data (never seeded), LENS_DATA, else the repo's .lens-data", () => {
    const base = resolveServeConfig({}, {});
    expect(chooseDataDir({ ...base, dataFlag: "d" }, "/tmp/nowhere")).toEqual({
      dir: "/tmp/nowhere/d",
      seed: false,
      source: "--data",
    });
    // LENS_DATA is as explicit as --data: never seeded, even when empty.
    expect(chooseDataDir({ ...base, dataEnv: "/srv/lens" }, "/tmp")).toEqual({
      dir: "/srv/lens",
      seed: false,
      source: "LENS_DATA",
    });
    expect(resolveServeConfig({}, { LENS_INIT: "1" }).init).toBe(true);
    expect(resolveServeConfig({ init: true }, {}).init).toBe(true);
    expect(resolveServeConfig({}, { LENS_INIT: "0" }).init).toBe(false);
    // The repository Lens runs from, whatever the working directory.
    const repo = fileURLToPath(new URL("../../../.lens-data", import.meta.url));
    expect(chooseDataDir(base, "/tmp").dir).toBe(repo);
    expect(chooseDataDir(base, process.cwd())).toMatchObject({ dir: repo, source: "default" });
  });
});
