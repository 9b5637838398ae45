// A document as the page shows it: its raw text and its pending suggestions, read together
// and read again whenever `version` changes (a live change named it, or a review ended).
import { useEffect, useState } from "preact/hooks";
import { type Api, documentUrl } from "../api/client.js";
import type { RawDocument, SuggestionList } from "../api/types.js";
import { type SlottedText, slotText } from "../markdown/slots.js";

export interface LoadedDocument {
  /** The path as asked for (the route), and as the server names it. */
  requested: string;
  path: string;
  etag: string;
  slotted: SlottedText;
}

export interface DocumentState {
  doc: LoadedDocument | undefined;
  loading: boolean;
  error: unknown;
}

async function readDocument(api: Api, path: string): Promise<LoadedDocument> {
  const read = () =>
    Promise.all([
      api.get<RawDocument>(`${documentUrl(path)}?view=raw`),
      api.get<SuggestionList>(`/suggestions?path=${encodeURIComponent(path)}`),
    ]);
  let [raw, list] = await read();
  let slotted = slotText(raw.content, list.suggestions);
  // The two reads can straddle a change; read again once so ids and text agree.
  if (slotted.missing.length > 0) {
    [raw, list] = await read();
    slotted = slotText(raw.content, list.suggestions);
  }
  return { requested: path, path: raw.path, etag: raw.etag, slotted };
}

export function useDocument(api: Api, path: string, version: number): DocumentState {
  const [state, setState] = useState<DocumentState>({
    doc: undefined,
    loading: true,
    error: undefined,
  });
  useEffect(() => {
    let current = true;
    setState((s) => ({
      doc: s.doc?.requested === path ? s.doc : undefined,
      loading: true,
      error: undefined,
    }));
    readDocument(api, path).then(
      (doc) => current && setState({ doc, loading: false, error: undefined }),
      (error) => current && setState((s) => ({ doc: s.doc, loading: false, error })),
    );
    return () => {
      current = false;
    };
  }, [api, path, version]);
  return state;
}
