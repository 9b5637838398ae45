// The other side of the control socket (controlServer.ts): ask who holds a data directory,
// hand an import to a running server, or bridge this process's stdin/stdout to an MCP session
// of that server.
import { existsSync } from "node:fs";
import { request } from "node:http";
import type { Socket } from "node:net";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import {
  AUTHOR_HEADER,
  type ImportAnswerLine,
  type ImportRequestBody,
  MCP_UPGRADE,
  type OwnerInfo,
} from "./protocol.js";
import { checkPrivateDir, controlSocketPath } from "./socketPath.js";

/** How long a holder has to say who it is before it counts as not answering. */
const PROBE_TIMEOUT_MS = 3000;

/** The socket of `dataDir` if one is there to try (in a directory that is safe to trust). */
function socketOf(dataDir: string): string | undefined {
  const path = controlSocketPath(dataDir);
  if (process.platform === "win32") return path;
  if (!existsSync(path)) return undefined;
  try {
    checkPrivateDir(dirname(path));
  } catch {
    return undefined;
  }
  return path;
}

/**
 * Who holds `dataDir`, when a live Lens process answers on its control socket; undefined when
 * none does (no socket, a dead owner's socket, or no answer in time).
 */
export function probeOwner(
  dataDir: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<OwnerInfo | undefined> {
  const socketPath = socketOf(dataDir);
  if (!socketPath) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const req = request({ socketPath, path: "/v1/owner", method: "GET" }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        if (text.length < 65_536) text += d;
      });
      res.on("end", () => {
        try {
          const info = JSON.parse(text) as OwnerInfo;
          resolve(res.statusCode === 200 && typeof info.command === "string" ? info : undefined);
        } catch {
          resolve(undefined);
        }
      });
      res.on("error", () => resolve(undefined));
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on("error", () => resolve(undefined));
    req.end();
  });
}

/**
 * Sends an import to the server holding `dataDir`; `onLine` gets each progress line; resolves
 * with the last line (a result or an error).
 */
export function requestImport(
  dataDir: string,
  body: ImportRequestBody,
  onLine: (line: ImportAnswerLine) => void,
): Promise<ImportAnswerLine> {
  const socketPath = socketOf(dataDir);
  if (!socketPath) return Promise.reject(new Error(`no control socket for ${dataDir}`));
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        path: "/v1/import",
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
      },
      (res) => {
        let last: ImportAnswerLine | undefined;
        const lines = createInterface({ input: res, crlfDelay: Number.POSITIVE_INFINITY });
        lines.on("line", (l) => {
          if (!l.trim()) return;
          try {
            const line = JSON.parse(l) as ImportAnswerLine;
            if ("progress" in line) onLine(line);
            else last = line;
          } catch {
            // not a line of ours: ignored
          }
        });
        lines.on("close", () =>
          last
            ? resolve(last)
            : reject(new Error("the server closed the connection before the import finished")),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/**
 * Relays this process's stdin and stdout to an MCP session of the server holding `dataDir`,
 * byte for byte (both sides frame messages as stdio does). Resolves "client" when stdin ends
 * (the client went away), "server" when the server ends the session (it stopped).
 */
export function bridgeStdio(
  dataDir: string,
  author: string | undefined,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = process,
): Promise<"client" | "server"> {
  const socketPath = socketOf(dataDir);
  if (!socketPath) return Promise.reject(new Error(`no control socket for ${dataDir}`));
  return new Promise((resolve, reject) => {
    const req = request({
      socketPath,
      path: "/v1/mcp",
      method: "GET",
      headers: {
        connection: "Upgrade",
        upgrade: MCP_UPGRADE,
        ...(author ? { [AUTHOR_HEADER]: author } : {}),
      },
    });
    req.on("response", (res) => {
      res.resume();
      reject(new Error(`the server refused the MCP bridge (HTTP ${res.statusCode})`));
    });
    req.on("error", reject);
    req.on("upgrade", (_res, socket: Socket, head: Buffer) => {
      if (head.length) io.stdout.write(head);
      let clientGone = false;
      io.stdin.on("end", () => {
        clientGone = true;
        socket.end();
      });
      io.stdin.pipe(socket, { end: false });
      socket.pipe(io.stdout, { end: false });
      socket.on("error", () => {});
      socket.on("close", () => {
        io.stdin.unpipe(socket);
        resolve(clientGone ? "client" : "server");
      });
    });
    req.end();
  });
}
