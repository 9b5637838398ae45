// The stage of the sync door attacks: two folders made through sync by an admin token — "Door
// Public" (a note, Hello) and "Door Secret" (a note, Q1, linking to Hello: a backlink across
// folders) — and named tokens scoped to each; plus the few sync calls the attacks make by hand.
import { addToken } from "@lens/access";
import WebSocket from "ws";
import * as Y from "yjs";
import type { AttackContext } from "./battery.js";

export const RELAY = "5e5e5e5e-0000-4000-8000-000000000000";
const uuid = (n: number) => `5e5e5e5e-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
export const HELLO = uuid(0xa1);
export const Q1 = uuid(0xa2);
export const PUBLIC_FOLDER = `${RELAY}-${uuid(0xf1)}`;
export const SECRET_FOLDER = `${RELAY}-${uuid(0xf2)}`;
export const helloDoc = `${RELAY}-${HELLO}`;
/** A doc id that sorts before both folders' (the takeover's pick). */
export const LOW_DOC = `${RELAY}-00000000-0000-4000-8000-000000000001`;

export interface Stage {
  admin: string;
  publicEditor: string;
  publicReader: string;
  secretAssistant: string;
}

const staged = new Map<string, Promise<Stage>>();

/** The folders and tokens, made once per data directory. */
export function stage(ctx: AttackContext): Promise<Stage> {
  let s = staged.get(ctx.dataDir);
  if (!s) {
    s = makeStage(ctx);
    staged.set(ctx.dataDir, s);
  }
  return s;
}

async function makeStage(ctx: AttackContext): Promise<Stage> {
  const add = async (
    name: string,
    role: "view" | "suggest" | "edit" | "admin",
    folders: string[],
  ) => (await addToken(ctx.dataDir, { name, role, folders })).token;
  const s: Stage = {
    admin: await add("door admin", "admin", []),
    publicEditor: await add("door public editor", "edit", ["Door Public"]),
    publicReader: await add("door public reader", "view", ["Door Public"]),
    secretAssistant: await add("door secret assistant", "suggest", ["Door Secret"]),
  };
  const made = [
    await postUpdate(ctx.url, helloDoc, s.admin, textUpdate("hello")),
    await postUpdate(ctx.url, `${RELAY}-${Q1}`, s.admin, textUpdate("about [[Door Public/Hello]]")),
    await postUpdate(
      ctx.url,
      PUBLIC_FOLDER,
      s.admin,
      folderUpdate("Door Public", "/Hello.md", HELLO),
    ),
    await postUpdate(ctx.url, SECRET_FOLDER, s.admin, folderUpdate("Door Secret", "/Q1.md", Q1)),
  ];
  if (made.some((status) => status !== 200)) throw new Error(`staging: HTTP ${made.join(", ")}`);
  return s;
}

export function textUpdate(text: string): Uint8Array {
  const d = new Y.Doc();
  d.getText("contents").insert(0, text);
  return Y.encodeStateAsUpdate(d);
}

/** A folder named `name` with one markdown entry. */
export function folderUpdate(name: string, path: string, id: string): Uint8Array {
  const d = new Y.Doc();
  d.transact(() => {
    d.getMap("folder_config").set("name", name);
    d.getMap("filemeta_v0").set(path, { id, type: "markdown", version: 0 });
  });
  return Y.encodeStateAsUpdate(d);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function postUpdate(
  url: string,
  docId: string,
  token: string,
  update: Uint8Array,
): Promise<number> {
  const res = await fetch(`${url}/d/${docId}/update`, {
    method: "POST",
    headers: bearer(token),
    body: update as Uint8Array<ArrayBuffer>,
  });
  await res.arrayBuffer();
  return res.status;
}

export async function asUpdate(url: string, docId: string, token: string): Promise<Uint8Array> {
  const res = await fetch(`${url}/d/${docId}/as-update`, { headers: bearer(token) });
  if (res.status !== 200) throw new Error(`as-update of ${docId}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** `POST /doc/:id/auth`: the status, and the client token when it is 200. */
export async function mint(
  url: string,
  docId: string,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${url}/doc/${docId}/auth`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return { status: res.status };
  }
  return { status: 200, token: ((await res.json()) as { token?: string }).token };
}

/** An open sync WebSocket on `docId` with `token` (rejects when refused). */
export function openSocket(url: string, docId: string, token: string): Promise<WebSocket> {
  const host = new URL(url).host;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}/d/${docId}/ws/${docId}?token=${token}`);
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => {
      res.resume();
      reject(new Error(`WebSocket refused: HTTP ${res.statusCode}`));
    });
    ws.once("error", reject);
  });
}

/** When the socket closes: its code, reason and the time (performance.now()). */
export function whenClosed(
  ws: WebSocket,
  timeoutMs = 5000,
): Promise<{ code: number; reason: string; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`the socket was still open after ${timeoutMs} ms`));
    }, timeoutMs);
    ws.once("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString(), at: performance.now() });
    });
  });
}
