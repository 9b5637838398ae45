// The grep worker: a mirror of the documents' AI views, and core's pure search over it (see
// grepMirror.ts). It runs in its own thread, so a search, however costly one line is to match,
// never holds the server's event loop; the pool terminates it when it overruns its time limit.
import { parentPort } from "node:worker_threads";
import { GrepMirror } from "./grepMirror.js";
import type { AheadDone, Listed, PushedPage, ToWorker } from "./protocol.js";

const mirror = new GrepMirror();

parentPort?.on("message", (message: ToWorker) => {
  if (message.type === "docs") mirror.update(message);
  else if (message.type === "list") {
    mirror.list(message);
    parentPort?.postMessage({ listed: message.id } satisfies Listed);
  } else if (message.type === "took") {
    mirror.took(message);
    searchAhead(message.id);
  } else {
    const answer = mirror.answer(message);
    parentPort?.postMessage(answer);
    if ("ahead" in answer) searchAhead(message.id);
  }
});

/**
 * While the answer travels: the next page of a client paging through this search, pushed to the
 * pool when kept. Only a head start: should it fail, the page is searched when asked.
 */
function searchAhead(id: number): void {
  let page: PushedPage | undefined;
  try {
    page = mirror.workAhead();
  } catch {}
  parentPort?.postMessage((page ? { aheadDone: id, page } : { aheadDone: id }) satisfies AheadDone);
}
