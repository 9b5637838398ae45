// Client ID metadata documents (draft-ietf-oauth-client-id-metadata-document, as MCP uses
// them): a client whose `client_id` is an https URL publishes its metadata there, and Lens
// fetches it. Fetching a URL a stranger names is a server-side request forgery risk, so:
// https only, port 443 only; the host's every address must be public (no loopback, private,
// link-local, CGNAT, multicast or reserved ranges — checked in the connection's own DNS lookup,
// so a name re-resolving to 127.0.0.1 between a check and the connect cannot slip through);
// no redirects; 5 s for the whole fetch; at most 64 KiB; JSON whose `client_id` is the URL
// itself. Results are kept 5 minutes (at most 256), failures too, so a client cannot make
// Lens fetch in a loop. This module does network I/O and nothing else.
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns";
import { request } from "node:https";
import { BlockList, isIP } from "node:net";
import { z } from "zod";
import { redirectUriProblem } from "./redirectUris.js";

export const CIMD_MAX_BYTES = 64 * 1024;
export const CIMD_TIMEOUT_MS = 5000;
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 256;

/** What Lens uses from a client's metadata. */
export interface ClientMetadata {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

export interface CimdOptions {
  /** Tests only: allow loopback and private addresses and any port (a local https server). */
  allowPrivateNetwork?: boolean;
  /** Tests only: more CA certificates to trust (a local https server's). */
  ca?: string;
  now?: () => number;
}

const Document = z.object({
  client_id: z.string(),
  client_name: z.string().max(200).optional(),
  redirect_uris: z.array(z.string()).min(1).max(10),
});

/** Addresses a metadata fetch never connects to. */
function blockedRanges(): BlockList {
  const b = new BlockList();
  for (const [net, bits] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const) {
    b.addSubnet(net, bits, "ipv4");
  }
  for (const [net, bits] of [
    ["::", 128],
    ["::1", 128],
    ["64:ff9b::", 96],
    ["100::", 64],
    ["2001:db8::", 32],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
  ] as const) {
    b.addSubnet(net, bits, "ipv6");
  }
  return b;
}

const BLOCKED = blockedRanges();

/** True when a fetch may connect to `address` (an IP literal). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** True when `clientId` is a URL Lens would fetch as a metadata document. */
export function isMetadataDocumentUrl(clientId: string): boolean {
  return clientId.startsWith("https://");
}

/** Why `clientId` cannot be a metadata document URL, or undefined. */
function urlProblem(clientId: string, anyPort: boolean): string | undefined {
  if (clientId.length > 2000) return "longer than 2000 characters";
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:") return "only https client ids are fetched";
  if (!anyPort && url.port !== "" && url.port !== "443")
    return "only the default https port is fetched";
  if (url.username !== "" || url.password !== "" || url.hash !== "") {
    return "a client id URL has no credentials and no fragment";
  }
  if (url.pathname === "/" || url.pathname === "") return "a client id URL has a path";
  return undefined;
}

export class ClientMetadataFetcher {
  private readonly cache = new Map<string, { at: number; result: ClientMetadata | Error }>();
  private readonly now: () => number;

  constructor(private readonly options: CimdOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** The client's metadata, or an Error saying why it cannot be used. */
  async resolve(clientId: string): Promise<ClientMetadata | Error> {
    const cached = this.cache.get(clientId);
    if (cached && this.now() - cached.at < CACHE_MS) return cached.result;
    const result = await this.fetchDocument(clientId).catch((e: unknown) =>
      e instanceof Error ? e : new Error(String(e)),
    );
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(clientId, { at: this.now(), result });
    return result;
  }

  private async fetchDocument(clientId: string): Promise<ClientMetadata> {
    const problem = urlProblem(clientId, this.options.allowPrivateNetwork === true);
    if (problem) throw new Error(`Client id ${clientId}: ${problem}.`);
    const text = await this.get(new URL(clientId));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error("The client's metadata document is not JSON.");
    }
    const doc = Document.safeParse(json);
    if (!doc.success) throw new Error("The client's metadata document lacks redirect_uris.");
    if (doc.data.client_id !== clientId) {
      throw new Error("The client's metadata document names another client_id.");
    }
    for (const uri of doc.data.redirect_uris) {
      const bad = redirectUriProblem(uri);
      if (bad) throw new Error(`The client's metadata document has a bad redirect URI: ${bad}.`);
    }
    return {
      client_id: clientId,
      client_name: doc.data.client_name ?? new URL(clientId).host,
      redirect_uris: doc.data.redirect_uris,
    };
  }

  /** GETs `url` within the bounds above; resolves to its body text. */
  private get(url: URL): Promise<string> {
    const allowPrivate = this.options.allowPrivateNetwork === true;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) !== 0 && !allowPrivate && !isPublicAddress(host)) {
      return Promise.reject(new Error("The client id's host is not a public address."));
    }
    // The connection's own lookup: every address checked, then the first one used.
    const lookup = (
      hostname: string,
      options: object,
      callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, "");
        const list = addresses as LookupAddress[];
        if (
          !allowPrivate &&
          (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))
        ) {
          return callback(new Error("The client id's host is not a public address."), "");
        }
        if ((options as { all?: boolean }).all) return callback(null, list);
        const first = list[0] as LookupAddress;
        callback(null, first.address, first.family);
      });
    };
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: "GET",
          headers: { accept: "application/json", "user-agent": "Lens OAuth" },
          lookup,
          timeout: CIMD_TIMEOUT_MS,
          ...(this.options.ca ? { ca: this.options.ca } : {}),
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`The client's metadata document answered ${res.statusCode}.`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > CIMD_MAX_BYTES) {
              req.destroy(
                new Error(`The client's metadata document is over ${CIMD_MAX_BYTES} bytes.`),
              );
              return;
            }
            chunks.push(chunk);
          });
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          res.on("error", reject);
        },
      );
      // The whole fetch, not only idle time: a server trickling bytes is cut off too.
      const deadline = setTimeout(
        () => req.destroy(new Error("The client's metadata document took over 5 s.")),
        CIMD_TIMEOUT_MS,
      );
      req.on("timeout", () => req.destroy(new Error("The client's metadata document timed out.")));
      req.on("error", reject);
      req.on("close", () => clearTimeout(deadline));
      req.end();
    });
  }
}
