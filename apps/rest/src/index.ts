// @lens/rest public entry: the REST app, its standalone server, and the pieces adapters and tests
// share (problem types, ETags, the Lens-Session header, the OpenAPI document).
export {
  type CorsOptions,
  createRestApp,
  DEFAULT_MAX_BODY_BYTES,
  type RestAppOptions,
} from "./app.js";
export { etagOfText, ifMatchHits, ifNoneMatchHits } from "./etag.js";
export { API_TITLE, API_VERSION, openApiDocument, openApiPath } from "./openapi.js";
export {
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPE_BASE,
  ProblemError,
  type ProblemExtensions,
  type ProblemType,
  problemTypes,
  problemTypeUri,
} from "./problems.js";
export { LENS_SESSION_HEADER } from "./requestSession.js";
export type { EventStreamOptions } from "./routes/events.js";
export {
  createStandaloneRestServer,
  type StandaloneRestOptions,
  type StandaloneRestServer,
} from "./standalone.js";
