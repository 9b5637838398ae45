// The `glob` filter of grep, with `rg --glob` semantics over user-facing paths: a glob without
// `/` matches the basename, one with `/` the whole path; `!` excludes; the last match wins.
import picomatch from "picomatch";

/** A compiled set of globs: `accepts(path)` tells whether a document is searched. */
export interface GlobFilter {
  accepts(path: string): boolean;
}

interface Rule {
  negated: boolean;
  test: (path: string, isDir: boolean) => boolean;
}

/**
 * Compiles `glob` (several globs may be separated by whitespace or by commas outside braces).
 * `scope` is the directory the search was limited to: a glob with `/` also matches paths
 * relative to it, so `Notes/*.md` works both from the root and inside a folder.
 */
export function compileGlobs(glob: string | undefined, scope?: string): GlobFilter {
  const rules = splitGlobs(glob ?? "").map((g) => rule(g, scope));
  if (rules.length === 0) return { accepts: () => true };
  const hasWhitelist = rules.some((r) => !r.negated);
  const decide = (path: string, isDir: boolean): boolean | undefined => {
    for (let i = rules.length - 1; i >= 0; i--) {
      if (rules[i]!.test(path, isDir)) return !rules[i]!.negated;
    }
    return undefined;
  };
  return {
    accepts(path: string): boolean {
      // A directory excluded by a `!` glob is not descended into, as rg prunes it.
      for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) {
        if (decide(path.slice(0, i), true) === false) return false;
      }
      const d = decide(path, false);
      return d ?? !hasWhitelist;
    },
  };
}

/** Splits on whitespace and on commas outside `{…}`. */
export function splitGlobs(glob: string): string[] {
  const out: string[] = [];
  let cur = "";
  let depth = 0;
  for (const ch of glob) {
    if (ch === "{") depth++;
    else if (ch === "}") depth = Math.max(0, depth - 1);
    if (/\s/.test(ch) || (ch === "," && depth === 0)) {
      if (cur) out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
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
