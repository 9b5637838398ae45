// @lens/access: who may do what on a Lens server.
export {
  AUTH_FAILURES_PER_MINUTE,
  type AuditAction,
  type AuditEntry,
  AuditLog,
  auditFilePath,
} from "./audit.js";
export {
  type AccessTokenLookup,
  Authenticator,
  type AuthenticatorOptions,
  type AuthFailure,
  type AuthOutcome,
  type Identity,
  WATCH_INTERVAL_MS,
} from "./authenticator.js";
export { bearerToken, digestsEqual, tokenDigest } from "./bearer.js";
export type { CredentialEnd } from "./credentialWatch.js";
export { parseDuration } from "./duration.js";
export {
  type AccessEnv,
  authenticate,
  type DoorOptions,
  FORBIDDEN_REQUEST,
  failureDetail,
  kindOf,
  PROBLEM_BASE,
  PROBLEM_CONTENT_TYPE,
  type ProblemKind,
  type ProblemOptions,
  type ProblemParts,
  problem,
  problemParts,
} from "./http.js";
export {
  JSON_SCAN_SLICE,
  type JsonShapeOptions,
  type JsonShapeProblem,
  JsonShapeScanner,
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
} from "./jsonShape.js";
export {
  addToken,
  changeTokens,
  checkTokenName,
  lensDir,
  type NewToken,
  type OAuthGrantInfo,
  readTokenFile,
  revokeToken,
  shareTokens,
  type TokenAuthority,
  TokenChangeError,
  TokenFileError,
  type TokenRecord,
  tokenFilePath,
  tokenFileText,
  writeTokenFile,
} from "./tokenFile.js";
