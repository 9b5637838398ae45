// The control socket of a data directory (protocol.ts): whoever holds the directory's lock
// listens on it, so another `lens` command finds out at once who holds the directory instead
// of waiting for the lock; a running server also takes imports and bridges `lens stdio`
// through it. No token: the socket is in the data directory's `.lens` (0700) and is itself
// 0600 — possession of the data directory is the authority, as it is for the lock.
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { dirname } from "node:path";
import type { Duplex } from "node:stream";
import type { Log } from "../log.js";
import {
  AUTHOR_HEADER,
  type ImportAnswerLine,
  ImportRequestBody,
  MAX_BODY_BYTES,
  MCP_UPGRADE,
  type OwnerInfo,
} from "./protocol.js";
import { checkPrivateDir } from "./socketPath.js";

export interface ControlHandlers {
  /** Runs an import request, reporting progress lines; answers with the last line. */
  importRequest(
    body: ImportRequestBody,
    progress: (line: ImportAnswerLine) => void,
  ): Promise<ImportAnswerLine>;
  /** Serves one MCP session on `stream` (stdio framing) until it ends. */
  mcpSession(stream: Duplex, author: string | undefined): void;
}

export interface ControlServer {
  readonly path: string;
  /** Starts taking imports and MCP sessions (a server, once it is ready); `url` is its address. */
  serve(handlers: ControlHandlers, url?: string): void;
  /** Stops taking them: open bridged sessions are ended, a running import is waited for. */
  unserve(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on `path` for the owner `owner`. The caller holds the directory's lock: a socket file
 * already there is a dead owner's and is replaced. Resolves undefined (after a warning) when
 * the socket cannot be made (a file system without sockets): the directory is then only locked.
 */
export async function startControlServer(
  path: string,
  owner: Omit<OwnerInfo, "serves">,
  log: Log,
): Promise<ControlServer | undefined> {
  let handlers: ControlHandlers | undefined;
  let url: string | undefined;
  // A server takes imports and bridges from the start: those that come while it loads wait.
  let offering = owner.command === "serve";
  let resolveReady: (h: ControlHandlers | undefined) => void = () => {};
  let ready = new Promise<ControlHandlers | undefined>((r) => {
    resolveReady = r;
  });
  const current = () => (handlers ? Promise.resolve(handlers) : ready);
  const bridged = new Set<Duplex>();
  let imports: Promise<unknown> = Promise.resolve();

  const info = (): OwnerInfo => ({
    ...owner,
    ...(url ? { url } : {}),
    serves: offering ? ["import", "mcp"] : [],
  });

  const runImport = async (req: IncomingMessage, res: ServerResponse) => {
    let body: ImportRequestBody;
    try {
      const parsed = ImportRequestBody.safeParse(await readJson(req));
      if (!parsed.success) throw new Error("not an import request");
      body = parsed.data;
    } catch (e) {
      return json(res, 400, { error: { code: "config", message: errorMessage(e) } });
    }
    const h = await current();
    if (!h) return json(res, 503, { error: { code: "failed", message: "the server is stopping" } });
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    const line = (l: ImportAnswerLine) => res.write(`${JSON.stringify(l)}\n`);
    // One import at a time: each sees the folders the one before it made.
    const run = imports.then(() => h.importRequest(body, line));
    imports = run.catch(() => {});
    try {
      res.end(`${JSON.stringify(await run)}\n`);
    } catch (e) {
      log.error({ err: e }, "import through the control socket failed");
      res.end(`${JSON.stringify({ error: { code: "failed", message: errorMessage(e) } })}\n`);
    }
  };

  const server: Server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/v1/owner") return json(res, 200, info());
    if (req.method === "POST" && req.url === "/v1/import" && offering) {
      return void runImport(req, res);
    }
    json(res, 404, { error: { code: "config", message: "no such route" } });
  });
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (req.url !== "/v1/mcp" || req.headers.upgrade?.toLowerCase() !== MCP_UPGRADE || !offering) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    socket.on("error", () => {});
    bridged.add(socket);
    socket.once("close", () => bridged.delete(socket));
    void current().then((h) => {
      if (!h || socket.destroyed) {
        socket.end(
          "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
        );
        return;
      }
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${MCP_UPGRADE}\r\nConnection: Upgrade\r\n\r\n`,
      );
      if (head.length) socket.unshift(head);
      const author = req.headers[AUTHOR_HEADER];
      h.mcpSession(socket, typeof author === "string" && author.trim() ? author.trim() : undefined);
    });
  });

  try {
    if (process.platform !== "win32") {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      checkPrivateDir(dirname(path));
      rmSync(path, { force: true });
    }
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(path, () => {
        server.off("error", reject);
        resolve();
      });
    });
    if (process.platform !== "win32") chmodSync(path, 0o600);
  } catch (e) {
    log.warn(
      { err: e, path },
      "could not open the data directory's control socket: other lens commands will wait for its lock instead",
    );
    server.close();
    return undefined;
  }
  server.on("error", (e) => log.error({ err: e }, "control socket failed"));

  const unserve = async () => {
    handlers = undefined;
    offering = false;
    resolveReady(undefined);
    ready = Promise.resolve(undefined);
    endBridged();
    await imports;
  };
  const endBridged = () => {
    // Destroying a socket closes its session (the handler listens for "close").
    for (const s of bridged) s.destroy();
    bridged.clear();
  };
  return {
    path,
    serve(h, address) {
      handlers = h;
      url = address;
      offering = true;
      resolveReady(h);
    },
    unserve,
    async close() {
      await unserve();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (process.platform !== "win32") rmSync(path, { force: true });
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** The request body as JSON, refused past MAX_BODY_BYTES. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      // Past the bound the rest is read and dropped (the answer says why), never kept.
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        reject(new Error(`the request is larger than ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) return;
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(new Error("the request is not JSON"));
      }
    });
    req.on("error", reject);
  });
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
