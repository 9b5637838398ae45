// The pieces of HTTP security on their own: Host / Origin rules (tokens: @lens/access).
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { allowedHostNames, hostGuard, hostName, isLoopbackHost } from "../src/http/hostGuard.js";

describe("host guard", () => {
  it("knows loopback hosts and parses Host headers", () => {
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(hostName("Example.com:80")).toBe("example.com");
    expect(hostName("[::1]:3917")).toBe("::1");
    expect(hostName("::1")).toBe("::1");
  });

  it("allows loopback names and configured names; all interfaces add this machine's addresses", () => {
    const local = allowedHostNames("127.0.0.1")!;
    expect([...local].sort()).toEqual(["127.0.0.1", "::1", "localhost"]);
    const all = allowedHostNames("0.0.0.0", ["lens.example.com:443"])!;
    expect(all.has("lens.example.com")).toBe(true);
    expect(all.size).toBeGreaterThan(3);
    expect(allowedHostNames("0.0.0.0", ["*"])).toBeUndefined();
  });

  it("refuses foreign hosts and origins with 403", async () => {
    const app = new Hono();
    app.use("*", hostGuard({ hosts: allowedHostNames("127.0.0.1"), checkOrigin: true }));
    app.get("/", (c) => c.text("ok"));
    const status = async (headers: Record<string, string>) =>
      (await app.request("http://x/", { headers })).status;
    expect(await status({ Host: "localhost:3917" })).toBe(200);
    expect(await status({ Host: "attacker.example:3917" })).toBe(403);
    expect(await status({ Host: "127.0.0.1:3917", Origin: "http://localhost:3917" })).toBe(200);
    // Same host name, another port: another local web app, another origin.
    expect(await status({ Host: "127.0.0.1:3917", Origin: "http://localhost:5173" })).toBe(403);
    expect(await status({ Host: "127.0.0.1:3917", Origin: "http://127.0.0.1" })).toBe(403);
    expect(await status({ Host: "127.0.0.1", Origin: "http://127.0.0.1" })).toBe(200);
    expect(await status({ Host: "127.0.0.1", Origin: "https://attacker.example" })).toBe(403);
    expect(await status({ Host: "127.0.0.1", Origin: "file://" })).toBe(403);
    expect(await status({ Host: "127.0.0.1", Origin: "null" })).toBe(403);
    // Obsidian's own origins (desktop, iOS) are native apps, not web pages.
    expect(await status({ Host: "127.0.0.1:3917", Origin: "app://obsidian.md" })).toBe(200);
    expect(await status({ Host: "127.0.0.1:3917", Origin: "capacitor://localhost" })).toBe(200);
  });
});
