// What a failure says to a person: the server's problem detail when there is one.
import { ApiError } from "../api/client.js";

export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    const title = e.problem.title && e.problem.title !== e.message ? `${e.problem.title}: ` : "";
    return `${title}${e.message}`;
  }
  return e instanceof Error ? e.message : String(e);
}
