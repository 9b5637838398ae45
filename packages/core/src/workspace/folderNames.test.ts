// Folder names are unique whatever the folders want, the lowest doc id keeping a shared name.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniqueFolderNames } from "./folderNames.js";

const wish = (uuid: string, name: string) => ({ docId: `relay-${uuid}`, uuid, name });

describe("uniqueFolderNames", () => {
  it("keeps distinct names and gives a shared one to the lowest doc id", () => {
    const names = uniqueFolderNames([
      wish("bbbbbbbb-0000", "Lens"),
      wish("aaaaaaaa-0000", "Lens"),
      wish("cccccccc-0000", "Other"),
    ]);
    expect(Object.fromEntries(names)).toEqual({
      "relay-aaaaaaaa-0000": "Lens",
      "relay-bbbbbbbb-0000": "Lens (bbbbbbbb)",
      "relay-cccccccc-0000": "Other",
    });
  });

  it("stays unique when uuids share their first 8 characters or a name is a suffixed one", () => {
    const names = uniqueFolderNames([
      wish("ffffffff-0001", "Lens"),
      wish("ffffffff-0002", "Lens"),
      wish("ffffffff-0003", "Lens"),
      wish("ffffffff-0004", "Lens (ffffffff-0003)"),
    ]);
    expect([...names.values()].sort()).toEqual([
      "Lens",
      "Lens (ffffffff)",
      "Lens (ffffffff-0003)",
      "Lens (ffffffff-0003) (ffffffff)",
    ]);
  });

  it("gives every folder a distinct name, the same for the same folders in any order", () => {
    const uuid = fc.constantFrom("ffffffff-1", "ffffffff-2", "ffffffff-3", "aaaaaaaa-1", "a");
    const name = fc.constantFrom("Lens", "Lens (ffffffff)", "Lens (ffffffff-2)", "X", "Lens (a)");
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(uuid, name), { selector: ([u]) => u }), (pairs) => {
        const wishes = pairs.map(([u, n]) => wish(u, n));
        const names = uniqueFolderNames(wishes);
        expect(new Set(names.values()).size).toBe(wishes.length);
        expect(uniqueFolderNames([...wishes].reverse())).toEqual(names);
      }),
    );
  });
});
