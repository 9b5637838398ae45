// The page's own document tree: what the markdown renderer produces and the view turns into
// elements. Text is always a string node (never markup), tags come from a fixed list and
// attributes from a fixed set, so no document text can become HTML.

/** A placeholder's position: the slot (suggestion, comment or highlight) it stands for. */
export interface SlotNode {
  slot: number;
}

export interface ElementNode {
  tag: string;
  attrs: Record<string, string>;
  children: RenderNode[];
}

export type RenderNode = string | SlotNode | ElementNode;

export function isSlot(node: RenderNode): node is SlotNode {
  return typeof node === "object" && "slot" in node;
}

/** The slot indexes a tree shows, in order. */
export function slotsIn(nodes: readonly RenderNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    if (typeof n === "string") continue;
    if (isSlot(n)) out.push(n.slot);
    else slotsIn(n.children, out);
  }
  return out;
}
