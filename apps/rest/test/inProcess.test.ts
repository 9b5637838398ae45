// The REST case suite called in process (app.request), mounted under /api/v1 as `lens serve` does.
import { describe } from "vitest";
import { runRestCases } from "./support/cases.js";
import { inProcess } from "./support/clients.js";

describe("REST API in process", () => {
  runRestCases({ make: inProcess });
});
