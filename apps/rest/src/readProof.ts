// A write over REST that needs proof the client read the document first (edit, insert): its
// current ETag in If-Match, or a Lens-Session that read it. Checked, then the tool runs in the
// request's session; the answer carries the ETag of the version the write made. See README
// "Proof of a prior read".
import type { ToolResult } from "@lens/core";
import type { Context } from "hono";
import { actorFor, type RouteId } from "./actor.js";
import type { RestDeps } from "./deps.js";
import { ifMatchHits } from "./etag.js";
import { openDocument } from "./locate.js";
import { ProblemError } from "./problems.js";
import { withRequestSession } from "./requestSession.js";
import { problemForFailure } from "./toolProblems.js";

export interface ProvenWrite {
  result: ToolResult;
  /** The document's ETag after the write. */
  etag: string;
}

/**
 * Runs `tool` (named in messages by its `gerund` and `noun`) with `args` on the document at `path` for the request's actor, once the request
 * proves a prior read; a refusal becomes its problem (thrown).
 */
export async function writeWithReadProof(
  c: Context,
  deps: RestDeps,
  route: RouteId,
  tool: { name: string; gerund: string; noun: string },
  path: string,
  headers: { "if-match"?: string | undefined; "lens-session"?: string | undefined },
  args: Record<string, unknown>,
): Promise<ProvenWrite> {
  const ws = deps.workspace;
  // Everything from the precondition check to the write is synchronous, so no other write can
  // slip in between: the ETag checked is the version the write applies to.
  const actor = actorFor(c, deps, route);
  const reach = actor.caller.reach;
  const doc = openDocument(ws, path, reach);
  // `If-Match: *` matches any version, so it proves nothing about having read this one.
  const ifMatch = headers["if-match"]?.trim() === "*" ? undefined : headers["if-match"];
  if (ifMatch !== undefined && !ifMatchHits(ifMatch, doc.etag)) {
    throw new ProblemError(
      "precondition-failed",
      `${doc.loc.path} changed since the version in If-Match. GET it again (its current ETag is ${doc.etag}), check that the ${tool.noun} still applies, and retry with the new ETag.`,
      { etag: doc.etag },
      { ETag: doc.etag },
    );
  }
  let etag = doc.etag;
  const result = await withRequestSession(deps, actor, headers["lens-session"], (rs) => {
    const session = rs.session;
    if (ifMatch !== undefined) session.markRead(doc.loc.docId, ws.now());
    else if (!session.hasRead(doc.loc.docId)) {
      throw new ProblemError(
        "precondition-required",
        headers["lens-session"] === undefined
          ? `${tool.gerund} needs proof that you read ${doc.loc.path}: send its ETag (from GET /documents/{path}) in If-Match, or GET it with a Lens-Session header and send the same header here.`
          : `Session "${headers["lens-session"]}" has not read ${doc.loc.path}: GET the document with this Lens-Session header first, or send its ETag in If-Match.`,
        // The tool's refusal for a write before a read, as MCP answers it.
        { code: "not_read" },
      );
    }
    // The version this write produced, taken before any other write can run.
    return rs.call(tool.name, { file_path: path, ...args }, (ran) => {
      if (!ran.isError) etag = openDocument(ws, doc.loc.path, reach).etag;
    });
  });
  // Refusals map by their code; one without a code is a generic tool-error.
  if (result.isError) throw problemForFailure(result, { tool: tool.name, ws, path, reach });
  return { result, etag };
}
