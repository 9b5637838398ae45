// JSON request bodies are checked before any validator parses them: a body nesting deeper or
// holding more values than @lens/access's bounds is a 400 `bad-request` problem and is never
// parsed (JSON.parse of a few megabytes of `[[[…` holds the event loop for most of a second).
// The validator then parses the text this read, once.
import { jsonShapeProblem } from "@lens/access";
import type { MiddlewareHandler } from "hono";
import { ProblemError } from "./problems.js";

/** The media types Hono's json validator parses (`application/json`, `application/*+json`). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function jsonBodyShape(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header("content-type")?.split(";")[0]?.trim() ?? "";
    if (c.req.method === "GET" || c.req.method === "HEAD" || !JSON_MEDIA_TYPE.test(type)) {
      return next();
    }
    const problem = await jsonShapeProblem(await c.req.text());
    if (problem) {
      throw new ProblemError(
        "bad-request",
        `The request body was not parsed: ${problem.message}, more than Lens reads in one request. Nothing was done.`,
      );
    }
    return next();
  };
}
