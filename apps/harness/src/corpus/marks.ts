// Pending CriticMarkup of the five forms, some with `{"author":…,"time":…}@@` metadata, as a
// reviewer or an AI would have left them in a note.
import type { Random } from "../random/random.js";
import { AUTHORS, WORDS } from "./vocabulary.js";

export const CRITIC_FORMS = ["insert", "delete", "substitute", "comment", "highlight"] as const;
export type CriticForm = (typeof CRITIC_FORMS)[number];

export interface GeneratedMark {
  text: string;
  form: CriticForm;
  meta: boolean;
}

function words(rng: Random, min: number, max: number): string {
  const n = rng.int(min, max);
  return Array.from({ length: n }, () => rng.pick(WORDS)).join(" ");
}

/** `{"author":…,"time":…}@@`, the metadata prefix lens-editor and Commentator write. */
function metadata(rng: Random): string {
  const time = Date.UTC(2026, 0, 1) + rng.int(0, 300) * 86_400_000 + rng.int(0, 86_399) * 1000;
  return `${JSON.stringify({ author: rng.pick(AUTHORS), time })}@@`;
}

export function makeMark(rng: Random, form: CriticForm, withMeta: boolean): GeneratedMark {
  const m = withMeta ? metadata(rng) : "";
  let text: string;
  switch (form) {
    case "insert":
      text = `{++${m}${words(rng, 1, 6)}++}`;
      break;
    case "delete":
      text = `{--${m}${words(rng, 1, 6)}--}`;
      break;
    case "substitute":
      text = `{~~${m}${words(rng, 1, 4)}~>${words(rng, 1, 4)}~~}`;
      break;
    case "comment":
      text = `{>>${m}${words(rng, 3, 10)}?<<}`;
      break;
    case "highlight":
      text = `{==${m}${words(rng, 2, 6)}==}`;
      break;
  }
  return { text, form, meta: withMeta };
}
