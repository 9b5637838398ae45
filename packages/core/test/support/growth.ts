// Linearity without a clock: how much a function's work grows when its input grows. Work is
// counted, not timed: while a call runs, the string and regex primitives that scanners are
// built from (charCodeAt, indexOf, slice, RegExp exec — which test, match, replace and split
// go through too) add the characters they examine to a counter. The count is exact and the
// same on every run, so load on the machine cannot move it; quadratic scanning shows as
// quadratic counts.

type Fn = (this: unknown, ...args: unknown[]) => unknown;

let work = 0;

/** Wraps `proto[name]` so each call adds `cost(result, self, args)` to `work`; returns undo. */
function count(
  proto: object,
  name: string,
  cost: (result: unknown, self: unknown, args: unknown[]) => number,
): () => void {
  const original = (proto as Record<string, Fn>)[name] as Fn;
  (proto as Record<string, Fn>)[name] = function (this: unknown, ...args: unknown[]) {
    const result = Reflect.apply(original, this, args);
    work += cost(result, this, args);
    return result;
  };
  return () => {
    (proto as Record<string, Fn>)[name] = original;
  };
}

const len = (s: unknown) => (typeof s === "string" ? s.length : 0);
const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);

/** RegExp exec: the characters from where the search starts to the end of the match (or text). */
function countExec(): () => void {
  const original = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const m = original.call(this, input);
    work += Math.max(1, (m ? m.index + m[0].length : input.length) - from);
    return m;
  };
  return () => {
    RegExp.prototype.exec = original;
  };
}

/** The counted work of one call to `run`. */
function workOf(run: () => void): number {
  const undo = [
    count(String.prototype, "charCodeAt", () => 1),
    count(String.prototype, "codePointAt", () => 1),
    count(String.prototype, "indexOf", (r, self, [needle, from]) => {
      const start = num(from, 0);
      return ((r as number) < 0 ? len(self) - start : (r as number) - start) + len(needle) + 1;
    }),
    count(String.prototype, "lastIndexOf", (r, self, [, from]) => {
      const start = num(from, len(self));
      return start - Math.max(0, r as number) + 1;
    }),
    count(String.prototype, "includes", (_r, self) => len(self) + 1),
    count(String.prototype, "startsWith", (_r, _self, [needle]) => len(needle) + 1),
    count(String.prototype, "endsWith", (_r, _self, [needle]) => len(needle) + 1),
    count(String.prototype, "slice", (r) => len(r) + 1),
    count(String.prototype, "substring", (r) => len(r) + 1),
    count(String.prototype, "toLowerCase", (r) => len(r) + 1),
    countExec(),
  ];
  work = 0;
  try {
    run();
    return work;
  } finally {
    for (const u of undo) u();
  }
}

/**
 * How many times more work a call does on the input of size `small * scale` than on size
 * `small`. Linear work gives about `scale`; quadratic work `scale²`.
 */
export function growth(make: (size: number) => () => void, small: number, scale = 8): number {
  const little = workOf(make(small));
  if (little === 0)
    throw new Error("growth: the call did no counted work (no string or regex primitive)");
  return workOf(make(small * scale)) / little;
}

/**
 * The bound tests assert for linear work at `scale` 8: half of quadratic's 64, four times
 * linear's 8 (room for work that grows like n log n).
 */
export const LINEAR_AT_8 = 32;
