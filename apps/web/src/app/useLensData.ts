// What every view shares: the document listing and every pending suggestion, loaded once and
// then kept current from live changes (only the documents a change names are read again).
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { type Api, ApiError } from "../api/client.js";
import type {
  DocumentEntry,
  DocumentList,
  PendingChange,
  Suggestion,
  SuggestionList,
} from "../api/types.js";

/** Which documents changed last: a counter, and their paths ("all" after a reload). */
export interface Changes {
  seq: number;
  paths: ReadonlySet<string> | "all";
}

export interface LensData {
  documents: DocumentEntry[] | undefined;
  suggestions: Suggestion[] | undefined;
  /** Suggested moves and deletions, pending. */
  pendingChanges: PendingChange[];
  /** Whether the listing was cut by the server (more documents than one page). */
  truncated: boolean;
  error: unknown;
  changes: Changes;
  /** Reads the named documents' suggestions again (everything when none are named). */
  refresh(paths?: readonly string[], announce?: boolean): Promise<void>;
}

const LISTING_LIMIT = 10_000;
/** Past this many documents in one change, one full read is cheaper than one read each. */
const MAX_PATHS_ONE_BY_ONE = 20;

const byPath = (a: Suggestion, b: Suggestion) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function useLensData(api: Api): LensData {
  const [documents, setDocuments] = useState<DocumentEntry[]>();
  const [truncated, setTruncated] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>();
  const [pendingChanges, setPendingChanges] = useState<PendingChange[]>([]);
  const [error, setError] = useState<unknown>();
  const [changes, setChanges] = useState<Changes>({ seq: 0, paths: "all" });
  const known = useRef(new Set<string>());
  // Refreshes run one after another, so an older answer never overwrites a newer one.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const loadListing = useCallback(async () => {
    const list = await api.get<DocumentList>(`/documents?limit=${LISTING_LIMIT}`);
    known.current = new Set(list.documents.map((d) => d.path));
    setDocuments(list.documents);
    setTruncated(list.truncated);
  }, [api]);

  /** Reads everything; `announce`: tell the views that anything may have changed. */
  const loadAll = useCallback(
    async (announce: boolean) => {
      const [, list] = await Promise.all([loadListing(), api.get<SuggestionList>("/suggestions")]);
      setSuggestions(list.suggestions);
      setPendingChanges(list.changes ?? []);
      if (announce) setChanges((c) => ({ seq: c.seq + 1, paths: "all" }));
    },
    [api, loadListing],
  );

  const loadPaths = useCallback(
    async (paths: readonly string[]) => {
      let gone = false;
      const answers = await Promise.all(
        paths.map((path) =>
          api
            .get<SuggestionList>(`/suggestions?path=${encodeURIComponent(path)}`)
            .catch((e: unknown): SuggestionList => {
              if (e instanceof ApiError && (e.status === 404 || e.status === 422)) {
                gone ||= e.status === 404;
                return { suggestions: [], count: 0, changes: [] };
              }
              throw e;
            }),
        ),
      );
      const named = new Set(paths);
      setSuggestions((prev) =>
        [
          ...(prev ?? []).filter((s) => !named.has(s.path)),
          ...answers.flatMap((a) => a.suggestions),
        ].sort(byPath),
      );
      setPendingChanges((prev) => [
        ...prev.filter((c) => !named.has(c.path)),
        ...answers.flatMap((a) => a.changes ?? []),
      ]);
      // A new path, or one that is gone (deleted, or removed by a rejected creation): the
      // tree changes.
      if (gone || paths.some((p) => !known.current.has(p))) await loadListing();
      setChanges((c) => ({ seq: c.seq + 1, paths: named }));
    },
    [api, loadListing],
  );

  const refresh = useCallback(
    (paths?: readonly string[], announce = true) => {
      const run = () =>
        (paths === undefined || paths.length > MAX_PATHS_ONE_BY_ONE
          ? loadAll(announce)
          : loadPaths(paths)
        )
          .then(() => setError(undefined))
          .catch((e: unknown) => setError(e));
      queue.current = queue.current.then(run);
      return queue.current;
    },
    [loadAll, loadPaths],
  );

  // The first read: the views read what they show themselves.
  useEffect(() => {
    void refresh(undefined, false);
  }, [refresh]);

  return { documents, suggestions, pendingChanges, truncated, error, changes, refresh };
}
