import { describe, expect, it } from "vitest";
import { linkResolver } from "./resolveLink.js";

const resolve = linkResolver([
  "Team/Plans.md",
  "Team/Notes/Ideas.md",
  "Team/Archive/Ideas.md",
  "Team/Archive/Old.md",
  "Research/Paper.md",
  "Research/Ideas.md",
  "Research/Deep/Plans.md",
]);

describe("wikilink resolution over the listing", () => {
  it("resolves a bare name in the source's folder, `.md` optional, any case", () => {
    expect(resolve("Plans", "Team/Notes/Ideas.md")).toBe("Team/Plans.md");
    expect(resolve("plans.MD", "Team/Notes/Ideas.md")).toBe("Team/Plans.md");
    expect(resolve("Old", "Team/Plans.md")).toBe("Team/Archive/Old.md");
  });

  it("prefers the source's own directory, then the shortest path", () => {
    expect(resolve("Ideas", "Team/Archive/Old.md")).toBe("Team/Archive/Ideas.md");
    expect(resolve("Ideas", "Team/Plans.md")).toBe("Team/Notes/Ideas.md");
    expect(resolve("Ideas", "Research/Paper.md")).toBe("Research/Ideas.md");
  });

  it("resolves a path from the folder root, then a path naming another folder", () => {
    expect(resolve("Notes/Ideas", "Team/Plans.md")).toBe("Team/Notes/Ideas.md");
    expect(resolve("Team/Plans", "Research/Paper.md")).toBe("Team/Plans.md");
    expect(resolve("Research/Deep/Plans", "Team/Plans.md")).toBe("Research/Deep/Plans.md");
  });

  it("falls back to other folders for a bare name the source's folder lacks", () => {
    expect(resolve("Paper", "Team/Plans.md")).toBe("Research/Paper.md");
    expect(resolve("Old", "Research/Paper.md")).toBe("Team/Archive/Old.md");
  });

  it("follows relative paths exactly", () => {
    expect(resolve("../Plans", "Team/Notes/Ideas.md")).toBe("Team/Plans.md");
    expect(resolve("./Ideas", "Team/Notes/Ideas.md")).toBe("Team/Notes/Ideas.md");
    expect(resolve("../../../x", "Team/Notes/Ideas.md")).toBeUndefined();
  });

  it("answers nothing for what names nothing", () => {
    expect(resolve("Missing Note", "Team/Plans.md")).toBeUndefined();
    expect(resolve("/Paper", "Team/Plans.md")).toBeUndefined();
    expect(resolve("Team/Missing", "Research/Paper.md")).toBeUndefined();
  });

  it("an empty target (a heading link) is the source itself", () => {
    expect(resolve("", "Team/Plans.md")).toBe("Team/Plans.md");
  });
});
