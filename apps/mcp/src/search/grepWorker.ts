// The grep worker: a mirror of the documents' AI views, and core's pure search over it. It runs
// in its own thread, so a search, however costly one line is to match, never holds the server's
// event loop; the pool terminates it when it overruns its time limit.
import { parentPort } from "node:worker_threads";
import { type GrepResume, grepOutcome, grepSearch, type SearchDoc } from "@lens/core";
import type { FromWorker, ToWorker } from "./protocol.js";

const texts = new Map<string, string>();
const lowered = new Map<string, string>();
/** Bumped whenever a document changes: resume points of older generations are stale. */
let generation = 0;
/** Where the last page of recent searches stopped, by search (all but offset). */
const resumes = new Map<string, { generation: number; resume: GrepResume }>();
const MAX_RESUMES = 64;

parentPort?.on("message", (message: ToWorker) => {
  if (message.type === "docs") {
    generation++;
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
  const docs: SearchDoc[] = message.docs.map(([path, docId]) => ({
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
  const options = {
    timeLimitMs: message.timeLimitMs,
    ...(message.scope !== undefined ? { scope: message.scope } : {}),
  };
  // A next page resumes in the document where the previous page stopped.
  const key = searchKey(message);
  const known = resumes.get(key);
  const resume = known?.generation === generation ? known.resume : undefined;
  const result = grepSearch(docs, message.params, resume ? { ...options, resume } : options);
  resumes.delete(key);
  if (result.ok && result.resume) {
    resumes.set(key, { generation, resume: result.resume });
    if (resumes.size > MAX_RESUMES) resumes.delete(resumes.keys().next().value as string);
  }
  const answer: FromWorker = { id: message.id, outcome: grepOutcome(result) };
  parentPort?.postMessage(answer);
});

/** One search, whatever page: its parameters but offset, its scope and its documents. */
function searchKey(m: Extract<ToWorker, { type: "grep" }>): string {
  const { offset: _page, ...params } = m.params;
  let hash = 0x811c9dc5;
  for (const [path, docId] of m.docs) {
    for (const s of [path, "\0", docId, "\n"]) {
      for (let i = 0; i < s.length; i++) hash = Math.imul(hash ^ s.charCodeAt(i), 0x01000193);
    }
  }
  return JSON.stringify([params, m.scope ?? null, m.docs.length, hash >>> 0]);
}
