// The base URL people and assistants are told to connect to (`serve`'s banner): the operator's
// --public-url when given (the same URL sync writes into client tokens), else the bound
// address — and for a wildcard bind (0.0.0.0, ::), an address a teammate can reach rather
// than loopback.
import { type NetworkInterfaceInfo, networkInterfaces, hostname as osHostname } from "node:os";
import { urlHost } from "./listen.js";

/** What the machine is reachable as: its interfaces and its name (injected in tests). */
export interface Machine {
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
  hostname: string;
}

export function thisMachine(): Machine {
  return { interfaces: networkInterfaces(), hostname: osHostname() };
}

/**
 * The base URL (no trailing slash) to print for a server listening on `host`:`port`.
 * `publicUrl` wins; a wildcard bind is shown as the first non-loopback IPv4 address, then the
 * first routable IPv6 one (not link-local: those need a zone), then the host name.
 */
export function publicBaseUrl(
  listening: { host: string; port: number },
  publicUrl: string | undefined,
  machine: Machine = thisMachine(),
): string {
  if (publicUrl !== undefined) return publicUrl.replace(/\/+$/, "");
  const bound = listening.host.replace(/^\[|\]$/g, "");
  const wildcard = bound === "0.0.0.0" || bound === "::" || bound === "";
  const host = wildcard ? reachableAddress(machine) : listening.host;
  return `http://${urlHost(host)}:${listening.port}`;
}

/** An address of this machine other machines can reach, best first. */
export function reachableAddress(machine: Machine): string {
  const all = Object.values(machine.interfaces).flatMap((list) => list ?? []);
  const external = all.filter((a) => !a.internal);
  const v4 = external.find((a) => a.family === "IPv4");
  if (v4) return v4.address;
  const v6 = external.find((a) => a.family === "IPv6" && !/^fe[89ab]/i.test(a.address));
  if (v6) return v6.address;
  return machine.hostname || "127.0.0.1";
}
