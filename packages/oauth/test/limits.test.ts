// Each new endpoint is rate-limited per address (fixed one-minute windows on the test clock).
import { afterEach, expect, it } from "vitest";
import { type Fixture, REDIRECT, startFixture } from "./harness.js";

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
