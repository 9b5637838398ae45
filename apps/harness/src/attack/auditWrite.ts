// An accept whose audit entry cannot be written (the log's path taken by a directory, as a
// full disk or an unwritable path would fail it): 503 not-audited, and the suggestion is still pending.
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Category, check } from "./battery.js";
import { openSession } from "./wire.js";

const NOTE = "Notes/Audited.md";

async function pending(url: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/suggestions?path=${encodeURIComponent(NOTE)}`);
  return ((await res.json()) as { count: number }).count;
}

export const auditWrite: Category = {
  name: "audit log unwritable",
  attempts: () => [
    {
      name: "accept with the audit log unwritable: 503 saying nothing changed, still pending",
      async run(c) {
        const s = await openSession(c.url);
        const made = await s.call("create", { file_path: NOTE, content: "to be reviewed\n" });
        check(made.isError === false, `create: ${made.text?.slice(0, 120)}`);
        const before = await pending(c.url);
        check(before === 1, `${before} suggestions pending before`);
        const log = join(c.dataDir, ".lens", "audit.jsonl");
        const aside = `${log}.attack`;
        const existed = await stat(log).then(
          () => true,
          () => false,
        );
        if (existed) await rename(log, aside);
        await mkdir(log, { recursive: true });
        try {
          const res = await fetch(`${c.url}/api/v1/suggestions/accept`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ path: NOTE, all: true }),
          });
          const body = await res.text();
          check(res.status === 503, `HTTP ${res.status} ${body.slice(0, 160)}`);
          check(/nothing changed/i.test(body), `detail: ${body.slice(0, 200)}`);
          check((await pending(c.url)) === before, "the suggestion is no longer pending");
        } finally {
          await rm(log, { recursive: true, force: true });
          if (existed) await rename(aside, log);
        }
        // Writable again: the same accept goes through.
        const ok = await fetch(`${c.url}/api/v1/suggestions/accept`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ path: NOTE, all: true }),
        });
        await ok.arrayBuffer();
        check(ok.status === 200, `accept once writable: HTTP ${ok.status}`);
      },
    },
  ],
};
