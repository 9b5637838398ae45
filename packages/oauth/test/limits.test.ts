// Each new endpoint is rate-limited per address (fixed one-minute windows on the test clock);
// an open server takes no connector.
import { readTokenFile } from "@lens/access";
import { afterEach, expect, it } from "vitest";
import { discover, type Fixture, REDIRECT, registerClient, startFixture } from "./harness.js";

let f: Fixture;
afterEach(async () => {
  await f.close();
});

it("registration answers 429 with Retry-After past its limit, and again in the next minute", async () => {
  f = await startFixture({ perMinute: { register: 2 } });
  const register = () =>
    fetch(`${f.base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: [REDIRECT] }),
    });
  expect((await register()).status).toBe(201);
  expect((await register()).status).toBe(201);
  const third = await register();
  expect(third.status).toBe(429);
  expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  f.clock.t += 60_000;
  expect((await register()).status).toBe(201);
});

it("an open server (no token at all) refuses to authorize: a grant would close it", async () => {
  f = await startFixture({}, { open: true });
  const client = await registerClient(await discover(f.base));
  const url = new URL(`${f.base}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
  }).toString();
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain("is open (no token at all)");
  expect(await readTokenFile(f.dataDir)).toEqual([]);
});
