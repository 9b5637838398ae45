// The grep worker: a mirror of the documents' AI views, and core's pure search over it (see
// grepMirror.ts). It runs in its own thread, so a search, however costly one line is to match,
// never holds the server's event loop; the pool terminates it when it overruns its time limit.
import { parentPort } from "node:worker_threads";
import { GrepMirror } from "./grepMirror.js";
import type { ToWorker } from "./protocol.js";

const mirror = new GrepMirror();

parentPort?.on("message", (message: ToWorker) => {
  if (message.type === "docs") mirror.update(message);
  else {
    parentPort?.postMessage(mirror.answer(message));
    // While the answer travels: the next page of a client paging through this search.
    mirror.workAhead();
  }
});
