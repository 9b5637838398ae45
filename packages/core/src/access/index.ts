export { type Caller, OWNER } from "./caller.js";
export {
  EVERYWHERE,
  folderReach,
  type Reach,
  reachesEntry,
  reachesFolder,
  reachesPath,
} from "./reach.js";
export {
  isRole,
  ROLE_ABILITIES,
  ROLES,
  type Role,
  roleIncludes,
  roleRefusal,
} from "./roles.js";
