// What a client puts into the model's context for Lens's tools — each tool's name, description
// and input schema, as tools/list gives them — stays under 4 000 tokens for all tools together,
// new tools included (issue 35's bound). It was back under it after issue 33's tools by
// publishing input schemas without `$schema` (MCP reads none as 2020-12) and without zod's
// ±2^53−1 integer bounds, and by shorter descriptions. Counted in characters, at 4 a token
// (what tokenizers give English prose and JSON on average); output schemas are for programs
// and not counted.
import { expect, it } from "vitest";
import { toolListings } from "../src/server/mcpServer.js";

const TOKEN_BUDGET = 4_000;
const CHARS_PER_TOKEN = 4;

it("keeps the tools' names, descriptions and input schemas within 4 000 tokens", () => {
  let chars = 0;
  for (const tool of toolListings().values()) {
    chars += tool.name.length + (tool.description ?? "").length;
    chars += JSON.stringify(tool.inputSchema).length;
  }
  // Printed so a change that grows it shows by how much.
  process.stdout.write(
    `tool context: ${chars} characters ≈ ${Math.round(chars / CHARS_PER_TOKEN)} tokens\n`,
  );
  expect(chars).toBeGreaterThan(0);
  expect(chars / CHARS_PER_TOKEN).toBeLessThan(TOKEN_BUDGET);
});
