// The `glob` filter of grep, with `rg --glob` semantics over user-facing paths: a glob without
// `/` matches the basename, one with `/` the whole path; `!` excludes; the last match wins.
// Each string is one glob, as each `rg --glob` flag is: paths are full of spaces.
import picomatch from "picomatch";
import { clip } from "../text/clip.js";
import { globSyntaxError } from "./globSyntax.js";

/** A compiled set of globs: `accepts(path)` tells whether a document is searched. */
export interface GlobFilter {
  accepts(path: string): boolean;
  /** How many globs the filter has (0: every path is accepted). */
  readonly size: number;
  /** How many times a glob was tested against a path so far (the filter's work, for tests). */
  readonly tests: number;
}

/** At most this many globs in one search, each at most MAX_GLOB_LENGTH characters. */
export const MAX_GLOBS = 100;
export const MAX_GLOB_LENGTH = 1000;

/** A glob list that cannot be used: empty glob, too many, too long, or not a glob rg parses. */
export class GlobError extends Error {
  override name = "GlobError";
}

interface Rule {
  negated: boolean;
  test: (path: string, isDir: boolean) => boolean;
}

/**
 * Compiles `globs` once for a whole search. `scope` is the directory the search was limited
 * to: a glob with `/` also matches paths relative to it, so `Notes/*.md` works both from the
 * root and inside a folder. Throws GlobError for globs it cannot use.
 */
export function compileGlobs(
  globs: string | readonly string[] | undefined,
  scope?: string,
): GlobFilter {
  const list = globs === undefined ? [] : typeof globs === "string" ? [globs] : globs;
  checkGlobs(list);
  const rules = list.map((g) => rule(g, scope));
  if (rules.length === 0) return { accepts: () => true, size: 0, tests: 0 };
  const hasWhitelist = rules.some((r) => !r.negated);
  let tests = 0;
  const decide = (path: string, isDir: boolean): boolean | undefined => {
    for (let i = rules.length - 1; i >= 0; i--) {
      tests++;
      if (rules[i]!.test(path, isDir)) return !rules[i]!.negated;
    }
    return undefined;
  };
  // Documents share directories: each directory is judged once per search.
  const pruned = new Map<string, boolean>();
  const isPruned = (dir: string): boolean => {
    let p = pruned.get(dir);
    if (p === undefined) {
      p = decide(dir, true) === false;
      pruned.set(dir, p);
    }
    return p;
  };
  return {
    size: rules.length,
    get tests() {
      return tests;
    },
    accepts(path: string): boolean {
      // A directory excluded by a `!` glob is not descended into, as rg prunes it.
      for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) {
        if (isPruned(path.slice(0, i))) return false;
      }
      const d = decide(path, false);
      return d ?? !hasWhitelist;
    },
  };
}

function checkGlobs(list: readonly string[]): void {
  if (list.length > MAX_GLOBS) {
    throw new GlobError(
      `Too many globs (${list.length}); at most ${MAX_GLOBS}. Combine them with braces, e.g. "{Notes,Ideas}/**".`,
    );
  }
  for (const g of list) {
    if (g.length > MAX_GLOB_LENGTH) {
      throw new GlobError(
        `Glob ${JSON.stringify(clip(g))} is too long; at most ${MAX_GLOB_LENGTH} characters.`,
      );
    }
    if (g.replace(/^!/, "").replace(/^\/+|\/+$/g, "") === "") {
      throw new GlobError(
        `Empty glob ${JSON.stringify(g)}: give a pattern such as "*.md" or "Notes/**".`,
      );
    }
    const why = globSyntaxError(g);
    if (why !== undefined) {
      throw new GlobError(`Glob ${JSON.stringify(clip(g))} cannot be parsed: ${why}.`);
    }
  }
}

function rule(raw: string, scope: string | undefined): Rule {
  const negated = raw.startsWith("!");
  let g = negated ? raw.slice(1) : raw;
  const dirOnly = g.endsWith("/");
  g = g.replace(/^\/+/, "").replace(/\/+$/, "");
  const anchored = g.includes("/");
  const isMatch = picomatch(g, { dot: true });
  const base = (p: string) => p.slice(p.lastIndexOf("/") + 1);
  const prefix = scope ? `${scope}/` : undefined;
  return {
    negated,
    test(path, isDir) {
      if (dirOnly && !isDir) return false;
      if (!anchored) return isMatch(base(path));
      if (isMatch(path)) return true;
      return prefix !== undefined && path.startsWith(prefix) && isMatch(path.slice(prefix.length));
    },
  };
}
