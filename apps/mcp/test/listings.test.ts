// Tool listings are made once per process, not per session: a server is made for every MCP
// session (and for every request once sessions go stateless), and the JSON Schemas are the
// costly part of making one.
import { lensTools } from "@lens/core";
import { expect, it } from "vitest";
import { mcpToolListing, toolListings } from "../src/server/mcpServer.js";

it("lists every core tool once per process, as mcpToolListing describes it", () => {
  const first = toolListings();
  expect(toolListings()).toBe(first);
  expect([...first.keys()]).toEqual(lensTools.map((t) => t.name));
  for (const tool of lensTools) expect(first.get(tool.name)).toEqual(mcpToolListing(tool));
});
