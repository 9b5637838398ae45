// The caller of a tool or route, as adapters establish it from a credential: its role, the
// folders it reaches, and the author its suggestions are attributed to.
import { EVERYWHERE, type Reach } from "./reach.js";
import type { Role } from "./roles.js";

export interface Caller {
  role: Role;
  reach: Reach;
  /** Recorded on suggestions; unset = the workspace's author (`--author`), if any. */
  author?: string;
}

/** The caller of an open server (loopback, no tokens): one person on their own machine. */
export const OWNER: Caller = { role: "admin", reach: EVERYWHERE };
