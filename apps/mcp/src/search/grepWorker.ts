// The grep worker: a mirror of the documents' AI views, and core's pure search over it. It runs
// in its own thread, so a search, however costly one line is to match, never holds the server's
// event loop; the pool terminates it when it overruns its time limit.
import { parentPort } from "node:worker_threads";
import { type GrepResume, grepOutcome, grepSearch, type SearchDoc } from "@lens/core";
import type { FromWorker, ToWorker } from "./protocol.js";

const texts = new Map<string, string>();
const lowered = new Map<string, string>();
/**
 * Where the last page of recent searches stopped, by search key, with the documents each walks
 * in order. Any change of a document makes them stale: they are dropped then, so no old text
 * is held by them (the pool stops asking for them too).
 */
const resumes = new Map<string, GrepResume>();
const MAX_RESUMES = 64;

type GrepRequest = Extract<ToWorker, { type: "grep" }>;

parentPort?.on("message", (message: ToWorker) => {
  if (message.type === "docs") {
    resumes.clear();
    for (const [docId, text] of message.set) {
      texts.set(docId, text);
      lowered.delete(docId);
    }
    for (const docId of message.remove) {
      texts.delete(docId);
      lowered.delete(docId);
    }
    return;
  }
  parentPort?.postMessage(answer(message));
});

function answer(m: GrepRequest): FromWorker {
  const options = {
    timeLimitMs: m.timeLimitMs,
    ...(m.scope !== undefined ? { scope: m.scope } : {}),
  };
  let result: ReturnType<typeof grepSearch>;
  if (m.docs) {
    result = grepSearch(searchDocs(m.docs), m.params, options);
  } else {
    // The next page: it starts in the document where the last one stopped, with the documents
    // already filtered and in order.
    const resume = resumes.get(m.key);
    if (!resume?.ordered || resume.nextOffset !== (m.params.offset ?? 0)) {
      return { id: m.id, missing: true };
    }
    result = grepSearch([], m.params, { ...options, resume });
  }
  resumes.delete(m.key);
  if (result.ok && result.resume) {
    resumes.set(m.key, result.resume);
    if (resumes.size > MAX_RESUMES) resumes.delete(resumes.keys().next().value as string);
  }
  return { id: m.id, outcome: grepOutcome(result), resumable: result.ok && !!result.resume };
}

/** The documents of a search by path, with their text from the mirror. */
function searchDocs(list: readonly (readonly [string, string])[]): SearchDoc[] {
  return list.map(([path, docId]) => ({
    path,
    text: texts.get(docId) ?? "",
    lower: () => {
      let l = lowered.get(docId);
      if (l === undefined) {
        l = (texts.get(docId) ?? "").toLowerCase();
        lowered.set(docId, l);
      }
      return l;
    },
  }));
}
