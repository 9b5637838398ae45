// The rendered document: the page's tree (markdown/tree.ts) as elements, with each slot
// replaced by its suggestion, comment or highlight. Text reaches the DOM only as text nodes.
import { type ComponentChildren, h } from "preact";
import type { Slot } from "../markdown/slots.js";
import { isSlot, type RenderNode } from "../markdown/tree.js";
import { MessageSquare } from "./icons.js";
import { type SuggestionActions, SuggestionMark } from "./SuggestionMark.js";

interface Props {
  nodes: readonly RenderNode[];
  slots: readonly Slot[];
  actions: SuggestionActions;
}

function slotElement(slot: Slot | undefined, actions: SuggestionActions): ComponentChildren {
  if (!slot) return null;
  if (slot.kind === "suggestion") return <SuggestionMark s={slot.suggestion} a={actions} />;
  if (slot.kind === "highlight") return <mark class="critic-highlight">{slot.text}</mark>;
  return (
    <span class="critic-comment" title="Comment">
      <MessageSquare size="0.9em" class="icon" />
      {slot.text}
    </span>
  );
}

function toChildren(nodes: readonly RenderNode[], p: Props): ComponentChildren[] {
  return nodes.map((n) => {
    if (typeof n === "string") return n;
    if (isSlot(n)) return slotElement(p.slots[n.slot], p.actions);
    return h(n.tag, { ...n.attrs }, ...toChildren(n.children, p));
  });
}

export function MarkdownView(props: Props) {
  return <>{toChildren(props.nodes, props)}</>;
}
