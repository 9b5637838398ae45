// Per-document cache of the raw text and its AI view, dropped when that document changes.
import { listSuggestions, type Suggestion } from "../critic/suggestions.js";
import { aiView } from "../critic/views.js";
import { lineStarts } from "../text/lines.js";
import { utf8Text } from "../text/utf8.js";

/**
 * AI views rendered from a `DocView` (`ai` or `aiOnce` finding none kept), since the process
 * started: a work counter for tests that prove what a change costs. Internal (not exported by
 * the package).
 */
let aiRenders = 0;

/** How many AI views `DocView`s have rendered so far (see `aiRenders`). */
export function aiViewRenders(): number {
  return aiRenders;
}

function render(raw: string): string {
  aiRenders++;
  return aiView(raw);
}

/**
 * A content doc's text as kept: a string, or the UTF-8 bytes of a note held as its text alone
 * (`Workspace.addDormantContent`), decoded when asked for.
 */
export type KeptText = string | Uint8Array;

/** The text of a kept text (a string as it is, bytes decoded; not kept). */
export function keptString(text: KeptText): string {
  return typeof text === "string" ? text : utf8Text(text);
}

/** A snapshot of one content doc's text. Never mutated; replaced after each change. */
export class DocView {
  private aiText: string | undefined;
  private aiStarts: number[] | undefined;
  private pending: readonly Suggestion[] | undefined;
  constructor(
    /** The text as the workspace keeps it (no copy of a dormant note's bytes). */
    private keptText: KeptText,
    /** Told when a view of bytes starts keeping a decoded AI view (ViewCache bounds them). */
    private readonly onKeep?: (view: DocView) => void,
  ) {}

  /** The text as the workspace keeps it (no copy of a dormant note's bytes). */
  get kept(): KeptText {
    return this.keptText;
  }

  /**
   * The same version, now kept as `text` (its note went to sleep: its UTF-8 bytes): the string
   * and the AI view made of it are let go, also by whoever holds this view (the links index
   * keeps the view its spans point into), and made again from `text` when asked.
   */
  keepAs(text: KeptText): void {
    this.keptText = text;
    this.forget();
  }

  /**
   * The raw text (CriticMarkup as written). A dormant note's is decoded from its bytes on each
   * call, and not kept: hold it only as long as it is needed.
   */
  get raw(): string {
    return keptString(this.kept);
  }

  /**
   * The pending suggestions of this version, parsed once: listings, read's footer and the
   * review page's counts ask for them again and again between two changes.
   */
  get suggestions(): readonly Suggestion[] {
    if (this.pending === undefined) this.pending = listSuggestions(this.raw);
    return this.pending;
  }

  /** Pending suggestions shown as accepted; comments and highlights kept (SPEC §3). */
  get ai(): string {
    if (this.aiText === undefined) {
      this.aiText = render(this.raw);
      if (typeof this.kept !== "string") this.onKeep?.(this);
    }
    return this.aiText;
  }

  /**
   * Lets go of the AI view and its line starts kept (made again when next asked): the same
   * version, so whoever asks gets the same text.
   */
  forget(): void {
    this.aiText = undefined;
    this.aiStarts = undefined;
  }

  /**
   * The AI view without keeping it, unless it is kept already: for readers that look at each
   * note once per change (link parsing, the grep worker's copy, the search index), so a loaded
   * vault holds no second copy of every note with suggestions. Repeated readers (grep in this
   * thread, read) use `ai`.
   */
  aiOnce(): string {
    return this.aiText ?? render(this.raw);
  }

  /** Offsets in `ai` where each line starts (line 1 at index 0). */
  get aiLineStarts(): number[] {
    if (this.aiStarts === undefined) this.aiStarts = lineStarts(this.ai);
    return this.aiStarts;
  }
}

/**
 * Views of notes kept as bytes that may keep a decoded AI view at once. A note `read` showed
 * keeps it for the next read (paging through a long note); without a bound, a long run in which
 * assistants read most notes would hold a string of every note again besides its bytes.
 */
export const MAX_KEPT_AI = 256;

export class ViewCache {
  private readonly views = new Map<string, DocView>();
  /** Views of bytes keeping a decoded AI view, the least recently asked for first. */
  private readonly keeping = new Set<DocView>();
  private readonly onKeep = (view: DocView) => {
    this.keeping.add(view);
    if (this.keeping.size <= MAX_KEPT_AI) return;
    const oldest = this.keeping.values().next().value as DocView;
    this.keeping.delete(oldest);
    oldest.forget();
  };
  /** `rawOf`: the current text of a content doc, undefined when the workspace holds none. */
  constructor(private readonly rawOf: (docId: string) => KeptText | undefined) {}

  get(docId: string): DocView | undefined {
    let v = this.views.get(docId);
    if (v) {
      if (this.keeping.delete(v)) this.keeping.add(v);
      return v;
    }
    const raw = this.rawOf(docId);
    if (raw === undefined) return undefined;
    v = new DocView(raw, this.onKeep);
    this.views.set(docId, v);
    return v;
  }

  /**
   * A note went to sleep, its text unchanged and now kept as `text`: its view, if one was made,
   * stays (the same version), holding `text` instead of the awake doc's string.
   */
  keepAs(docId: string, text: KeptText): void {
    const v = this.views.get(docId);
    if (!v) return;
    this.keeping.delete(v);
    v.keepAs(text);
  }

  invalidate(docId: string): void {
    const v = this.views.get(docId);
    if (v) this.keeping.delete(v);
    this.views.delete(docId);
  }
}
