// The get_links tool: both sections, sorting, unresolved links, "none", errors, live updates.
import { describe, expect, it } from "vitest";
import { backlinkIndexOf } from "../links/backlinks.js";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { contentsText } from "../model/contentDoc.js";
import { deleteEntry } from "../model/folderDoc.js";
import { GET_LINKS_MAX_PER_SECTION, getLinksTool } from "./getLinks.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

function setup() {
  const t = buildWorkspace({
    Lens: {
      "/Hub.md": [
        "# Hub",
        "[[Zeta]] [[Notes/Alpha|alpha]] [[zeta#Part]] ![[pic.png]] [[#Hub]] [[Hub]]",
        "[[Nope]] [[nope|again]] [[Ghost#x]] `[[InCode]]` [[Other/Inbox]]",
      ].join("\n"),
      "/Notes/Alpha.md": "back to [[Hub]]",
      "/Zeta.md": "[[Hub#Hub]]",
      "/Lonely.md": "nothing here",
      "/pic.png": { type: "image" },
      "/Notes": { type: "folder" },
    },
    Other: { "/Inbox.md": "[[Lens/Hub]]" },
  });
  const session = new Session("s");
  const getLinks = (file_path: string) => invokeTool(getLinksTool, t.ws, session, { file_path });
  return { ...t, getLinks };
}

describe("get_links", () => {
  it("prints backlinks and links, sorted, with unresolved links after the paths", () => {
    const { getLinks } = setup();
    expect(getLinks("Lens/Hub.md")).toMatchObject({
      isError: false,
      text: [
        "Backlinks (4):",
        "Lens/Hub.md",
        "Lens/Notes/Alpha.md",
        "Lens/Zeta.md",
        "Other/Inbox.md",
        "",
        "Links (7):",
        "Lens/Hub.md",
        "Lens/Notes/Alpha.md",
        "Lens/Zeta.md",
        "Lens/pic.png",
        "Other/Inbox.md",
        "Unresolved: [[Ghost]]",
        "Unresolved: [[Nope]]",
      ].join("\n"),
    });
  });

  it('says "none" for an empty section and accepts paths without .md, in any case', () => {
    const { getLinks } = setup();
    expect(getLinks("lens/lonely").text).toBe("Backlinks: none\n\nLinks: none");
    expect(getLinks("Lens/Notes/Alpha").text).toBe(
      "Backlinks (1):\nLens/Hub.md\n\nLinks (1):\nLens/Hub.md",
    );
  });

  it("follows edits live", () => {
    const { getLinks, contentOf } = setup();
    expect(getLinks("Lens/Lonely.md").text).toBe("Backlinks: none\n\nLinks: none");
    contentsText(contentOf("Lens/Notes/Alpha.md")).insert(0, "[[Lonely]] [[Missing]] ");
    expect(getLinks("Lens/Lonely.md").text).toBe(
      "Backlinks (1):\nLens/Notes/Alpha.md\n\nLinks: none",
    );
    expect(getLinks("Lens/Notes/Alpha.md").text).toBe(
      "Backlinks (1):\nLens/Hub.md\n\nLinks (3):\nLens/Hub.md\nLens/Lonely.md\nUnresolved: [[Missing]]",
    );
  });

  it("lists a bare name found only in another folder, both ways, and follows it live", () => {
    const t = buildWorkspace({
      Team: { "/Glossary.md": "[[Notes on CRDTs]] [[Ratios#^best|best]]", "/Deep/Ratios.md": "" },
      Research: { "/Reading/Notes on CRDTs.md": "", "/Ratios.md": "" },
    });
    const getLinks = (file_path: string) =>
      invokeTool(getLinksTool, t.ws, new Session("s"), { file_path }).text;
    expect(getLinks("Team/Glossary.md")).toBe(
      "Backlinks: none\n\nLinks (2):\nResearch/Reading/Notes on CRDTs.md\nTeam/Deep/Ratios.md",
    );
    expect(getLinks("Research/Reading/Notes on CRDTs.md")).toBe(
      "Backlinks (1):\nTeam/Glossary.md\n\nLinks: none",
    );
    expect(getLinks("Research/Ratios.md")).toBe("Backlinks: none\n\nLinks: none");
    deleteEntry(t.folders.get("Team")!.doc, "/Deep/Ratios.md"); // now only Research has one
    expect(getLinks("Research/Ratios.md")).toBe("Backlinks (1):\nTeam/Glossary.md\n\nLinks: none");
  });

  it("lists an attachment's backlinks", () => {
    const { getLinks } = setup();
    expect(getLinks("Lens/pic.png")).toMatchObject({
      isError: false,
      text: "Backlinks (1):\nLens/Hub.md\n\nLinks: none",
    });
  });

  it("fails with the lookup message for a missing document or a directory", () => {
    const { getLinks } = setup();
    for (const [path, message] of [
      ["Lens/Nope.md", "File does not exist"],
      ["Lens/Notes", "is a directory"],
      ["/abs.md", "Invalid file_path"],
    ] as const) {
      const r = getLinks(path);
      expect(r.isError).toBe(true);
      expect(r.text).toContain(message);
    }
  });

  it("bounds each section", () => {
    const many = Array.from({ length: GET_LINKS_MAX_PER_SECTION + 5 }, (_, i) => `[[N${i}]]`);
    const t = buildWorkspace({ Lens: { "/Big.md": many.join(" ") } });
    const r = invokeTool(getLinksTool, t.ws, new Session("s"), { file_path: "Lens/Big.md" });
    const lines = r.text.split("\n");
    expect(lines[2]).toBe(`Links (${GET_LINKS_MAX_PER_SECTION + 5}):`);
    expect(lines).toHaveLength(3 + GET_LINKS_MAX_PER_SECTION + 1);
    expect(lines.at(-1)).toBe("(… 5 more not shown)");
  });

  it("attaches one backlink index per workspace", () => {
    const { ws, getLinks } = setup();
    getLinks("Lens/Hub.md");
    const index = backlinkIndexOf(ws);
    expect(backlinkIndexOf(ws)).toBe(index);
    index.dispose();
    expect(backlinkIndexOf(ws)).not.toBe(index);
  });

  it("declares a read-only tool with a described file_path", () => {
    expect(getLinksTool.name).toBe("get_links");
    expect(getLinksTool.readOnly).toBe(true);
    expect(getLinksTool.input.shape.file_path.description).toMatch(/Lens\/Notes\/Ideas\.md/);
    expect(getLinksTool.input.safeParse({}).success).toBe(false);
  });
});
