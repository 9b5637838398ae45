// The one role table: every tool is in it with the role its kind needs, roles order as they
// should, and a refusal names the role needed and the role held.
import { lensTools, ROLE_ABILITIES, ROLES, roleIncludes } from "@lens/core";
import { describe, expect, it } from "vitest";
import { isOperation, may, OPERATIONS, refusal, roleFor, toolsFor } from "../src/index.js";
import { editor, suggester, viewer } from "./support.js";

describe("the role table", () => {
  it("names every tool, reading tools needing view and writing tools suggest", () => {
    for (const tool of lensTools) {
      expect(isOperation(tool.name), tool.name).toBe(true);
      if (isOperation(tool.name)) {
        expect(roleFor(tool.name), tool.name).toBe(tool.readOnly ? "view" : "suggest");
      }
    }
  });

  it("each role's help text (lens token add --help, refusals) names every tool that role adds", () => {
    const named = (text: string) => new Set(text.match(/\b[a-z_]+\b/g));
    for (const tool of lensTools) {
      if (!isOperation(tool.name)) continue;
      const role = roleFor(tool.name);
      expect(named(ROLE_ABILITIES[role]).has(tool.name), `${role} omits ${tool.name}`).toBe(true);
    }
  });

  it("gives every operation a known role and words for its refusal", () => {
    for (const [name, { role, words }] of Object.entries(OPERATIONS)) {
      expect(ROLES, name).toContain(role);
      expect(words.length, name).toBeGreaterThan(3);
    }
  });

  it("allows an operation exactly to the roles that include the one it needs", () => {
    for (const name of Object.keys(OPERATIONS)) {
      if (!isOperation(name)) continue;
      for (const role of ROLES) {
        const caller = { role, reach: viewer.caller.reach };
        expect(may(caller, name), `${role} ${name}`).toBe(roleIncludes(role, roleFor(name)));
        expect(refusal(caller, name) === undefined, `${role} ${name}`).toBe(
          roleIncludes(role, roleFor(name)),
        );
      }
    }
  });

  it("refuses with forbidden, naming the role needed and the role held", () => {
    const r = refusal(viewer.caller, "suggestions.accept");
    expect(r?.code).toBe("forbidden");
    expect(r?.message).toContain('needs the "edit" role');
    expect(r?.message).toContain('this token has "view"');
  });

  it("lists the tools a role may call, in the registry's order", () => {
    expect(toolsFor(viewer.caller).map((t) => t.name)).toEqual([
      "read",
      "glob",
      "grep",
      "search",
      "recent",
      "get_links",
      "suggestions",
    ]);
    expect(toolsFor(suggester.caller).map((t) => t.name)).toEqual(lensTools.map((t) => t.name));
    expect(toolsFor(editor.caller)).toHaveLength(lensTools.length);
  });
});
