// Child process of the crash test (bundled by test/support/bundle.ts): opens a data directory,
// makes N edits, awaits flush() after each and prints `ack i`; then keeps editing unflushed
// until the parent kills it.
import { Workspace } from "@lens/core";
import * as Y from "yjs";
import { openStore } from "../../src/index.js";

async function main(): Promise<void> {
  const [dir, docId, count, mode] = process.argv.slice(2);
  if (!dir || !docId || !count) throw new Error("usage: crashChild DIR DOC_ID N [burst]");
  const ws = new Workspace();
  // A long batch delay: only flush() can have made an edit durable before the kill.
  const store = await openStore(dir, {
    workspace: ws,
    flushDelayMs: mode === "burst" ? 1 : 60_000,
  });
  if (!ws.getDoc(docId)) ws.addDoc(docId, new Y.Doc(), "content");
  const text = ws.contentText(docId)!;
  for (let i = 0; i < Number(count); i++) {
    text.insert(text.length, `edit ${i}\n`);
    await store.flush(docId);
    process.stdout.write(`ack ${i}\n`);
  }
  setInterval(() => text.insert(text.length, "unflushed\n"), 1);
}

main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
