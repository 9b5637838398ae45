// Client ID metadata documents: fetched from a real local https server (a certificate made
// with openssl for the test), and every refusal of the SSRF guard without one.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientMetadataFetcher, isPublicAddress } from "../src/index.js";

let server: Server;
let origin: string;
let dir: string;
let cert: string;
const served = new Map<string, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lens-cimd-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  cert = readFileSync(join(dir, "cert.pem"), "utf8");
  server = createServer({ key: readFileSync(join(dir, "key.pem")), cert }, (req, res) => {
    const body = served.get(req.url ?? "");
    if (req.url === "/redirect") {
      res.writeHead(302, { location: "https://127.0.0.1/elsewhere" }).end();
      return;
    }
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("fetching a client's metadata document", () => {
  it("reads a document whose client_id is its own URL", async () => {
    const id = `${origin}/client.json`;
    served.set(
      "/client.json",
      JSON.stringify({
        client_id: id,
        client_name: "Example\u0000 App",
        redirect_uris: ["https://app.example/callback"],
      }),
    );
    const fetcher = new ClientMetadataFetcher({ allowPrivateNetwork: true, ca: cert });
    expect(await fetcher.resolve(id)).toEqual({
      client_id: id,
      client_name: "Example\u0000 App",
      redirect_uris: ["https://app.example/callback"],
    });
  });

  it("refuses a document naming another client, one too large, a redirect and a bad redirect URI", async () => {
    const fetcher = new ClientMetadataFetcher({ allowPrivateNetwork: true, ca: cert });
    served.set(
      "/other.json",
      JSON.stringify({ client_id: "https://x.example/c", redirect_uris: ["https://a.example/cb"] }),
    );
    expect(String(await fetcher.resolve(`${origin}/other.json`))).toMatch(/another client_id/);
    served.set(
      "/big.json",
      JSON.stringify({
        client_id: `${origin}/big.json`,
        redirect_uris: ["https://a.example/cb"],
        pad: "x".repeat(100_000),
      }),
    );
    expect(String(await fetcher.resolve(`${origin}/big.json`))).toMatch(/over 65536 bytes/);
    expect(String(await fetcher.resolve(`${origin}/redirect`))).toMatch(/answered 302/);
    served.set(
      "/js.json",
      JSON.stringify({ client_id: `${origin}/js.json`, redirect_uris: ["javascript:alert(1)"] }),
    );
    expect(String(await fetcher.resolve(`${origin}/js.json`))).toMatch(/bad redirect URI/);
  });

  it("never connects to loopback or private addresses, nor over http or odd ports", async () => {
    const fetcher = new ClientMetadataFetcher({ ca: cert });
    expect(String(await fetcher.resolve(`${origin}/client.json`))).toMatch(/default https port/);
    expect(String(await fetcher.resolve("https://127.0.0.1/client.json"))).toMatch(
      /not a public address/,
    );
    expect(String(await fetcher.resolve("https://[::1]/client.json"))).toMatch(
      /not a public address/,
    );
    expect(String(await fetcher.resolve("https://localhost/client.json"))).toMatch(
      /not a public address/,
    );
    expect(String(await fetcher.resolve("http://app.example/client.json"))).toMatch(/only https/);
    for (const a of [
      "10.1.2.3",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::ffff:127.0.0.1",
      "fd00::1",
      "fe80::1",
      "0.0.0.0",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1:248:1893:25c8:1946")).toBe(true);
  });
});
