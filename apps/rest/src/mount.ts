// Where the app is mounted, read off a request: routes are relative, and the OpenAPI document
// and the reference page must name URLs that work wherever a parent app put them.

/** The path the app is mounted at, from a request to one of its routes (`/api/v1`, or ""). */
export function mountPrefix(requestPath: string, routePath: string): string {
  return requestPath.endsWith(routePath) ? requestPath.slice(0, -routePath.length) : "";
}
