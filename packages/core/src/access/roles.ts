// Roles: what a caller may do. Each role includes the one before it (view < suggest < edit <
// admin). Which role each operation needs is @lens/service's one table, not core's.

export const ROLES = ["view", "suggest", "edit", "admin"] as const;

export type Role = (typeof ROLES)[number];

/** What each role adds to the one before, in the words error messages and docs use. */
export const ROLE_ABILITIES: Record<Role, string> = {
  view: "read, glob, grep, search, recent, get_links and suggestions; REST reads; sync read-only",
  suggest: "view, plus edit, insert, create, move and delete, as suggestions, and withdraw",
  edit: "suggest, plus accepting and rejecting suggestions and writing through sync",
  admin: "edit, plus token management, the audit log, importing vaults and creating shared folders",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** True when `role` can do what `needed` can (roles include the ones before them). */
export function roleIncludes(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The message for a caller whose role is below `needed`, naming the role needed. */
export function roleRefusal(role: Role, needed: Role, action: string): string {
  return `Not allowed: ${action} needs the "${needed}" role; this token has "${role}" (${ROLE_ABILITIES[role]}). Ask an admin for a token with the "${needed}" role.`;
}
