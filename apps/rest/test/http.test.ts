// The REST case suite over real HTTP: the standalone server on 127.0.0.1, a port of its own.
import { describe } from "vitest";
import { runRestCases } from "./support/cases.js";
import { overHttp } from "./support/clients.js";

describe("REST API over HTTP", () => {
  runRestCases({ make: overHttp });
});
