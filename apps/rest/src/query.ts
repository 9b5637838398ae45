// Query parameters: every route's are a strict object, so a parameter the route does not take
// (`-i` instead of `case_insensitive`) is a 400 naming it, never silently ignored.
import { z } from "@hono/zod-openapi";

/** A route's query parameters; any other parameter is refused. */
export function queryParams<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape);
}

/** The query of a route that takes no query parameters. */
export const noQueryParams = queryParams({});

/** The unknown query parameters a failed query validation names, if that was the failure. */
export function unknownParameters(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : []));
}
