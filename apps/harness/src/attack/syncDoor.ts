// The sync door (issue 28): a folder-scoped token taking over another folder's name, sockets
// and event streams outliving their token's revocation or expiry, a token name reused to revive
// old client tokens, client tokens valid for ever, doc ids the store cannot write, and another
// folder's note ids in a folder doc's backlinks. Each refused, and nothing changes.
import { addToken, revokeToken } from "@lens/access";
import * as encoding from "lib0/encoding";
import * as Y from "yjs";
import { type AttackContext, type Attempt, type Category, check } from "./battery.js";
import {
  asUpdate,
  folderUpdate,
  HELLO,
  helloDoc,
  LOW_DOC,
  mint,
  openSocket,
  PUBLIC_FOLDER,
  postUpdate,
  Q1,
  SECRET_FOLDER,
  stage,
  textUpdate,
  whenClosed,
} from "./syncDoorSetup.js";
import { openSession } from "./wire.js";

/** Revocation and expiry reach open connections within this (the bound). */
const WITHIN_MS = 1000;

let serial = 0;
/** A fresh unscoped `edit` token (the name is new each time), expiring at `expiresAt`. */
async function freshEditor(ctx: AttackContext, expiresAt?: number) {
  const name = `door editor ${++serial}`;
  const made = await addToken(ctx.dataDir, {
    name,
    role: "edit",
    ...(expiresAt === undefined ? {} : { expiresAt }),
  });
  return { name, token: made.token };
}

function updateMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 2);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

const textOf = (update: Uint8Array) => {
  const d = new Y.Doc();
  Y.applyUpdate(d, update);
  return d;
};

/** Opens GET /api/v1/events; resolves once connected, with when the stream ends. */
async function openEvents(url: string, token: string): Promise<{ ended: Promise<number> }> {
  const res = await fetch(`${url}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
  });
  check(res.status === 200 && res.body !== null, `GET /events: HTTP ${res.status}`);
  const reader = res.body.getReader();
  const first = await reader.read();
  check(!first.done, "the stream ended before it opened");
  // In an object: an async function returning a promise would wait for it.
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return performance.now();
  })();
  return { ended };
}

const attempts: Attempt[] = [
  {
    name: "a Public-scoped edit token makes a low-sorting doc a folder named Secret: 403, and Secret's notes stay Secret's",
    async run(ctx) {
      const s = await stage(ctx);
      const client = await mint(ctx.url, LOW_DOC, s.publicEditor);
      check(client.status === 200 && client.token !== undefined, `auth: HTTP ${client.status}`);
      const takeover = folderUpdate(
        "Door Secret",
        "/Q4 plan.md",
        "5e5e5e5e-0000-4000-8000-0000000000b1",
      );
      const status = await postUpdate(ctx.url, LOW_DOC, client.token!, takeover);
      check(status === 403, `the takeover update: HTTP ${status}`);
      // The assistant scoped to Secret writes into the real Secret, which Public cannot read.
      const assistant = await openSession(ctx.url, {
        authorization: `Bearer ${s.secretAssistant}`,
      });
      const plan = `Q4 plan ${++serial}.md`;
      const made = await assistant.call("create", {
        file_path: `Door Secret/${plan}`,
        content: "plan",
      });
      check(made.isError === false, `create: ${made.text?.slice(0, 120)}`);
      const secret = textOf(await asUpdate(ctx.url, SECRET_FOLDER, s.admin));
      check(
        secret.getMap("filemeta_v0").has(`/${plan}`),
        "the note did not land in the real Secret",
      );
      const path = `Door%20Secret/${encodeURIComponent(plan)}`;
      const read = await fetch(`${ctx.url}/api/v1/documents/${path}`, {
        headers: { authorization: `Bearer ${s.publicEditor}` },
      });
      await read.arrayBuffer();
      check(read.status === 404, `Public reads Secret's note: HTTP ${read.status}`);
    },
  },
  {
    name: "a Public-scoped edit token renames its own folder to Secret: 403",
    async run(ctx) {
      const s = await stage(ctx);
      const d = textOf(await asUpdate(ctx.url, PUBLIC_FOLDER, s.publicEditor));
      const before = Y.encodeStateVector(d);
      d.getMap("folder_config").set("name", "Door Secret");
      const status = await postUpdate(
        ctx.url,
        PUBLIC_FOLDER,
        s.publicEditor,
        Y.encodeStateAsUpdate(d, before),
      );
      check(status === 403, `HTTP ${status}`);
      const after = textOf(await asUpdate(ctx.url, PUBLIC_FOLDER, s.admin));
      check(after.getMap("folder_config").get("name") === "Door Public", "the folder was renamed");
    },
  },
  {
    name: "revoking a token closes its sockets (its own and a client token's) within 1 s",
    async run(ctx) {
      await stage(ctx);
      const { name, token } = await freshEditor(ctx);
      const client = await mint(ctx.url, helloDoc, token);
      const sockets = [
        await openSocket(ctx.url, helloDoc, token),
        await openSocket(ctx.url, helloDoc, client.token!),
      ];
      const closes = sockets.map((ws) => whenClosed(ws));
      await revokeToken(ctx.dataDir, name);
      const revoked = performance.now();
      for (const closed of await Promise.all(closes)) {
        check(closed.code === 1008, `closed with ${closed.code} ${closed.reason}`);
        const ms = closed.at - revoked;
        check(ms <= WITHIN_MS, `closed ${Math.round(ms)} ms after the revocation`);
      }
    },
  },
  {
    name: "a token's expiry closes its socket within 1 s",
    async run(ctx) {
      await stage(ctx);
      const expiresAt = Date.now() + 1500;
      const { token } = await freshEditor(ctx, expiresAt);
      const closed = await whenClosed(await openSocket(ctx.url, helloDoc, token));
      const late = Date.now() - expiresAt;
      check(closed.code === 1008, `closed with ${closed.code} ${closed.reason}`);
      check(late <= WITHIN_MS, `closed ${late} ms after the expiry`);
    },
  },
  {
    name: "an update sent right after revocation is not applied",
    async run(ctx) {
      const s = await stage(ctx);
      const { name, token } = await freshEditor(ctx);
      const client = await mint(ctx.url, helloDoc, token);
      const ws = await openSocket(ctx.url, helloDoc, client.token!);
      const closed = whenClosed(ws);
      await revokeToken(ctx.dataDir, name);
      ws.send(updateMessage(textUpdate("written after revocation")));
      check((await closed).code === 1008, "not closed with 1008");
      const text = textOf(await asUpdate(ctx.url, helloDoc, s.admin))
        .getText("contents")
        .toString();
      check(!text.includes("written after revocation"), "the update was applied");
    },
  },
  {
    name: "revoking a token ends its event stream within 1 s",
    async run(ctx) {
      await stage(ctx);
      const { name, token } = await freshEditor(ctx);
      const { ended } = await openEvents(ctx.url, token);
      await revokeToken(ctx.dataDir, name);
      const revoked = performance.now();
      const ms = (await ended) - revoked;
      check(ms <= WITHIN_MS, `the stream ended ${Math.round(ms)} ms after the revocation`);
    },
  },
  {
    name: "a new token under a revoked one's name revives none of its client tokens",
    async run(ctx) {
      await stage(ctx);
      const name = `door reused ${++serial}`;
      const first = (await addToken(ctx.dataDir, { name, role: "view" })).token;
      const old = await mint(ctx.url, helloDoc, first, { authorization: "read-only" });
      await revokeToken(ctx.dataDir, name);
      await addToken(ctx.dataDir, { name, role: "view" });
      const res = await fetch(`${ctx.url}/d/${helloDoc}/as-update`, {
        headers: { authorization: `Bearer ${old.token}` },
      });
      await res.arrayBuffer();
      check(res.status === 401, `the old client token: HTTP ${res.status}`);
    },
  },
  {
    name: "validForSeconds 1e12 (and anything over a day): 400",
    async run(ctx) {
      const s = await stage(ctx);
      for (const ttl of [1e12, 86_401]) {
        const r = await mint(ctx.url, helloDoc, s.admin, { validForSeconds: ttl });
        check(r.status === 400, `validForSeconds ${ttl}: HTTP ${r.status}`);
      }
    },
  },
  {
    name: "writes to doc ids of 201–256 characters: 400 at the door, none acknowledged",
    async run(ctx) {
      const s = await stage(ctx);
      for (const length of [201, 256]) {
        const status = await postUpdate(ctx.url, "x".repeat(length), s.admin, textUpdate("lost?"));
        check(status === 400, `${length} characters: HTTP ${status}`);
      }
    },
  },
  {
    name: "backlinks_v0 of Public read by a Public-scoped token names no note of Secret",
    async run(ctx) {
      const s = await stage(ctx);
      const all = await asUpdate(ctx.url, PUBLIC_FOLDER, s.admin);
      const links = textOf(all).getMap("backlinks_v0").get(HELLO) as string[] | undefined;
      check(links?.includes(Q1) === true, "no cross-folder backlink to test with");
      const scoped = await mint(ctx.url, PUBLIC_FOLDER, s.publicReader, {
        authorization: "read-only",
      });
      const seen = await asUpdate(ctx.url, PUBLIC_FOLDER, scoped.token!);
      check(!Buffer.from(seen).includes(Q1), "Secret's note id reached a Public reader");
    },
  },
];

export const syncDoor: Category = {
  name: "sync door",
  attempts: () => attempts,
};
