// The grep worker: a mirror of the documents' AI views, and core's pure search over it. It runs
// in its own thread, so a search, however costly one line is to match, never holds the server's
// event loop; the pool terminates it when it overruns its time limit.
import { parentPort } from "node:worker_threads";
import { grepDocuments, grepRecords, type SearchDoc } from "@lens/core";
import type { FromWorker, ToWorker } from "./protocol.js";

const texts = new Map<string, string>();
const lowered = new Map<string, string>();

parentPort?.on("message", (message: ToWorker) => {
  if (message.type === "docs") {
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
  const answer: FromWorker = {
    id: message.id,
    result: grepDocuments(docs, message.params, options),
  };
  if (message.records && !answer.result.isError) {
    answer.records = grepRecords(docs, message.params, options);
  }
  parentPort?.postMessage(answer);
});
