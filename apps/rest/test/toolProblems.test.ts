// The table from core's ToolErrorCode to problem types: every code has its intended status, a
// failure without a code is a generic tool-error, and the problem carries core's text and code.
// test/support/cases.ts provokes each code a request can reach; this covers the rest.
import type { ToolErrorCode } from "@lens/core";
import { describe, expect, it } from "vitest";
import { problemTypes } from "../src/index.js";
import { problemForFailure, TOOL_ERROR_PROBLEMS } from "../src/toolProblems.js";
import { fixtureWorkspace } from "./support/fixture.js";

/** The intended HTTP status of every code (a missing or extra code fails to compile). */
const STATUS = {
  invalid_path: 400,
  not_found: 404,
  not_loaded: 404,
  ambiguous: 409,
  not_a_document: 422,
  not_a_folder: 422,
  not_read: 428,
  invalid_pattern: 422,
  no_match: 422,
  not_unique: 422,
  identical: 422,
  invalid_edit: 422,
  timeout: 503,
  forbidden: 403,
  exists: 409,
  not_supported: 422,
  busy: 503,
  internal: 500,
  stale: 412,
  conflict: 409,
  not_saved: 500,
  not_audited: 503,
} as const satisfies Record<ToolErrorCode, number>;

const CODES = Object.keys(STATUS) as ToolErrorCode[];

describe("TOOL_ERROR_PROBLEMS", () => {
  it("has one entry per core error code", () => {
    expect(Object.keys(TOOL_ERROR_PROBLEMS).sort()).toEqual([...CODES].sort());
  });

  for (const code of CODES) {
    it(`${code} → ${STATUS[code]} ${TOOL_ERROR_PROBLEMS[code]}`, () => {
      const type = TOOL_ERROR_PROBLEMS[code];
      expect(problemTypes[type].status).toBe(STATUS[code]);
      const p = problemForFailure({ text: `core says ${code}`, code }, { tool: "some_tool" });
      expect(p.type).toBe(type);
      expect(p.status).toBe(STATUS[code]);
      expect(p.detail).toBe(`core says ${code}`);
      expect(p.extensions).toEqual({ code, tool: "some_tool", text: `core says ${code}` });
    });
  }
});

describe("problemForFailure", () => {
  it("makes a failure without a code a generic 422 tool-error", () => {
    const p = problemForFailure({ text: "No change made." }, { tool: "edit" });
    expect(p.type).toBe("tool-error");
    expect(p.status).toBe(422);
    expect(p.extensions).toEqual({ tool: "edit", text: "No change made." });
  });

  it("leaves tool and text out for lookups outside a tool call", () => {
    const p = problemForFailure({ text: "File does not exist: x.", code: "not_found" });
    expect(p.extensions).toEqual({ code: "not_found" });
  });

  it("names the candidates of an ambiguous path when it has the workspace", () => {
    const ws = fixtureWorkspace();
    const failure = { text: "several", code: "ambiguous" as const };
    expect(problemForFailure(failure, { ws, path: "Lens/CASE.md" }).extensions.candidates).toEqual([
      "Lens/Case.md",
      "Lens/case.md",
    ]);
    expect(problemForFailure(failure).extensions.candidates).toBeUndefined();
    // A path that no longer names several documents gets no candidates, not an error.
    expect(
      problemForFailure(failure, { ws, path: "Lens/Index.md" }).extensions.candidates,
    ).toBeUndefined();
  });
});
