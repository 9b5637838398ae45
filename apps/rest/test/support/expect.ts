// Assertions shared by the REST tests: problem responses and JSON bodies.
import { expect } from "vitest";
import {
  PROBLEM_CONTENT_TYPE,
  type ProblemType,
  problemTypes,
  problemTypeUri,
} from "../../src/index.js";

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  [extension: string]: unknown;
}

/** Asserts `res` is the problem `type` (status, media type, RFC 9457 members) and returns it. */
export async function expectProblem(res: Response, type: ProblemType): Promise<ProblemBody> {
  const text = await res.text();
  expect(res.status, `${type}: ${text}`).toBe(problemTypes[type].status);
  expect(res.headers.get("content-type")).toBe(PROBLEM_CONTENT_TYPE);
  const body = JSON.parse(text) as ProblemBody;
  expect(body.type).toBe(problemTypeUri(type));
  expect(body.title).toBe(problemTypes[type].title);
  expect(body.status).toBe(problemTypes[type].status);
  expect(typeof body.detail).toBe("string");
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

/** Asserts a 2xx JSON answer with `status` and returns its body. */
export async function expectJson<T = Record<string, unknown>>(
  res: Response,
  status = 200,
): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return JSON.parse(text) as T;
}
