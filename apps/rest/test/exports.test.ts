// Pins the public entry point of @lens/rest: what `lens serve` and other adapters may import.
import { expect, it } from "vitest";
import * as rest from "../src/index.js";

it("exports exactly the public API", () => {
  expect(Object.keys(rest).sort()).toEqual(
    [
      "API_TITLE",
      "API_VERSION",
      "DEFAULT_MAX_BODY_BYTES",
      "LENS_SESSION_HEADER",
      "PROBLEM_CONTENT_TYPE",
      "PROBLEM_TYPE_BASE",
      "ProblemError",
      "createRestApp",
      "createStandaloneRestServer",
      "etagOfText",
      "ifMatchHits",
      "ifNoneMatchHits",
      "openApiDocument",
      "openApiPath",
      "problemTypeUri",
      "problemTypes",
    ].sort(),
  );
});
