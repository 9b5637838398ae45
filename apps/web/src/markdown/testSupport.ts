// Test helpers: a document's suggestions as GET /suggestions lists them (core computes both),
// and a walk over the page's tree.
import { listSuggestions } from "@lens/core";
import type { Suggestion } from "../api/types.js";
import { type ElementNode, isSlot, type RenderNode } from "./tree.js";

export function listed(path: string, raw: string): Suggestion[] {
  return listSuggestions(raw).map((s) => {
    const out: Suggestion = {
      id: s.id,
      path,
      line: s.line,
      kind: s.kind,
      old: s.oldText,
      new: s.newText,
    };
    if (s.author !== undefined) out.author = s.author;
    if (s.time !== undefined) out.time = s.time;
    return out;
  });
}

export function elements(nodes: readonly RenderNode[], out: ElementNode[] = []): ElementNode[] {
  for (const n of nodes) {
    if (typeof n === "string" || isSlot(n)) continue;
    out.push(n);
    elements(n.children, out);
  }
  return out;
}

export function textOf(nodes: readonly RenderNode[]): string {
  return nodes
    .map((n) => (typeof n === "string" ? n : isSlot(n) ? `[slot ${n.slot}]` : textOf(n.children)))
    .join("");
}
