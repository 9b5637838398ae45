// kill -9 during edits: every edit the server acknowledged is there after a restart.
import { type Category, check } from "./battery.js";
import { openSession } from "./wire.js";

export const durability: Category = {
  name: "kill -9 during edits",
  attempts: (ctx) => [
    {
      name: `${ctx.quick ? 5 : 50} acknowledged edits survive kill -9 and a restart`,
      timeoutMs: 60_000,
      async run(c) {
        const s = await openSession(c.url);
        check((await s.call("read", { file_path: "Notes/Durable.md" })).isError === false, "read");
        const n = c.quick ? 5 : 50;
        const acked: string[] = [];
        for (let i = 0; i < n; i++) {
          const r = await s.call("edit", {
            file_path: "Notes/Durable.md",
            old_string: `slot ${i} `,
            new_string: `slot ${i} done `,
          });
          if (r.isError === false) acked.push(`slot ${i} done`);
        }
        check(acked.length === n, `only ${acked.length} of ${n} edits acknowledged`);
        const url = await c.restart(true);
        const after = await (await openSession(url)).call("read", {
          file_path: "Notes/Durable.md",
        });
        for (const text of acked) check((after.text ?? "").includes(text), `lost "${text}"`);
      },
    },
  ],
};
