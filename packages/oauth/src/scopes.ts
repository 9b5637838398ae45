// OAuth scopes as Lens roles and folders: `lens:view`, `lens:suggest`, `lens:edit` (the highest
// one wins) and `lens:folder:<name>` (percent-encoded: a scope token holds no spaces), none of
// which = every folder. A grant never has `admin`. Pure: no I/O.
import type { Role } from "@lens/core";

/** The roles an OAuth grant may carry, lowest first (never admin). */
export const GRANT_ROLES = ["view", "suggest", "edit"] as const satisfies readonly Role[];
export type GrantRole = (typeof GRANT_ROLES)[number];

export const ROLE_SCOPES = GRANT_ROLES.map((r) => `lens:${r}`);
const FOLDER_PREFIX = "lens:folder:";

/** What a scope string asks for; scopes Lens does not know are ignored (RFC 6749 §3.3). */
export interface ScopeRequest {
  role?: GrantRole;
  folders: string[];
}

export function parseScope(scope: string | undefined): ScopeRequest {
  const out: ScopeRequest = { folders: [] };
  for (const token of (scope ?? "").split(" ")) {
    const role = GRANT_ROLES.find((r) => token === `lens:${r}`);
    if (role && (!out.role || GRANT_ROLES.indexOf(role) > GRANT_ROLES.indexOf(out.role))) {
      out.role = role;
    }
    if (token.startsWith(FOLDER_PREFIX)) {
      try {
        const name = decodeURIComponent(token.slice(FOLDER_PREFIX.length)).trim();
        if (name !== "" && !name.includes("/") && !out.folders.includes(name))
          out.folders.push(name);
      } catch {
        // a malformed escape: not a folder Lens knows
      }
    }
  }
  return out;
}

/** The scope string of a grant: its role, then its folders (none = every folder). */
export function formatScope(role: GrantRole, folders: readonly string[]): string {
  return [`lens:${role}`, ...folders.map((f) => FOLDER_PREFIX + encodeURIComponent(f))].join(" ");
}

export function isGrantRole(role: string): role is GrantRole {
  return (GRANT_ROLES as readonly string[]).includes(role);
}
