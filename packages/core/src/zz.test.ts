import { it } from "vitest";
import * as Y from "yjs";
import { startLinkUpkeep } from "./links/index.js";
import { Workspace } from "./workspace/workspace.js";

const RELAY = "11111111-2222-4333-8444-555555555555";
const u = (n: number) => `a77ac000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const cpu = () => {
  const x = process.cpuUsage();
  return (x.user + x.system) / 1000;
};
it("links", () => {
  for (const [name, body] of [
    [
      "warm 20k to 100",
      Array.from({ length: 20000 }, (_, i) => `- [[Target ${i % 100}]]\n`).join(""),
    ],
    ["20k to 100", Array.from({ length: 20000 }, (_, i) => `- [[Target ${i % 100}]]\n`).join("")],
    [
      "20k to 100 + 20k missing",
      Array.from(
        { length: 20000 },
        (_, i) => `- [[Target ${i % 100}]] and [[Missing ${i}]]\n`,
      ).join(""),
    ],
    ["7MB plain", "x".repeat(7e6)],
    [
      "7MB, 140k links",
      `# Big\n${"seven megabytes of text, [[Target 1]] now and then. ".repeat(140000)}`,
    ],
  ] as const) {
    const ws = new Workspace({ folderNames: { [u(1)]: "F" } });
    startLinkUpkeep(ws);
    const folder = new Y.Doc();
    folder.transact(() => {
      for (let i = 0; i < 100; i++)
        folder
          .getMap("filemeta_v0")
          .set(`/Target ${i}.md`, { id: u(0x1000 + i), type: "markdown", version: 0 });
      folder.getMap("filemeta_v0").set("/Big.md", { id: u(0x200), type: "markdown", version: 0 });
    });
    ws.addFolder(`${RELAY}-${u(1)}`, folder);
    const doc = new Y.Doc();
    ws.addContent(`${RELAY}-${u(0x200)}`, doc);
    const c = cpu();
    doc.getText("contents").insert(0, body);
    console.log(name, (cpu() - c).toFixed(1), "ms cpu");
  }
});
