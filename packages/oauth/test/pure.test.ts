// Scopes and redirect URI rules (pure).
import { describe, expect, it } from "vitest";
import { formatScope, matchRedirectUri, parseScope, redirectUriProblem } from "../src/index.js";

describe("scopes", () => {
  it("map to a role (the highest asked) and folders, percent-encoded", () => {
    expect(parseScope("lens:view lens:suggest lens:folder:Team%20Notes openid")).toEqual({
      role: "suggest",
      folders: ["Team Notes"],
    });
    expect(parseScope("lens:admin lens:folder:a%2Fb lens:folder:%E0")).toEqual({ folders: [] });
    expect(formatScope("edit", ["Team Notes"])).toBe("lens:edit lens:folder:Team%20Notes");
    expect(parseScope(formatScope("view", ["A", "B"]))).toEqual({
      role: "view",
      folders: ["A", "B"],
    });
  });
});

describe("redirect URIs", () => {
  it("registers https, loopback http and reverse-DNS app schemes only", () => {
    expect(redirectUriProblem("https://claude.ai/api/mcp/auth_callback")).toBeUndefined();
    expect(redirectUriProblem("http://127.0.0.1/cb")).toBeUndefined();
    expect(redirectUriProblem("http://localhost:8080/cb")).toBeUndefined();
    expect(redirectUriProblem("com.example.app:/cb")).toBeUndefined();
    expect(redirectUriProblem("http://10.0.0.1/cb")).toMatch(/loopback/);
    expect(redirectUriProblem("myapp://cb")).toMatch(/scheme/);
    expect(redirectUriProblem("https://a.example/cb#x")).toMatch(/fragment/);
    expect(redirectUriProblem(`https://a.example/${"x".repeat(2001)}`)).toMatch(/longer/);
  });

  it("match exactly, except the port of a loopback http URI", () => {
    const reg = ["http://127.0.0.1/cb", "https://app.example/cb"];
    expect(matchRedirectUri(reg, "http://127.0.0.1:49152/cb")).toBe("http://127.0.0.1/cb");
    expect(matchRedirectUri(reg, "http://127.0.0.1:49152/cb?x=1")).toBeUndefined();
    expect(matchRedirectUri(reg, "https://app.example/cb")).toBe("https://app.example/cb");
    expect(matchRedirectUri(reg, "https://app.example/cb/")).toBeUndefined();
    expect(matchRedirectUri(reg, "https://app.example:8443/cb")).toBeUndefined();
    expect(matchRedirectUri(reg, "http://localhost/cb")).toBeUndefined();
  });
});
