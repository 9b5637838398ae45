// Words too common to say what a note is about, left out of the index and of queries: they
// match nearly every note, so they cost the most and rank nothing. English and French, the
// languages of the bundled vault; a note in another language loses nothing (its own common
// words are simply ranked low by BM25).
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its " +
    "me my no not of on or our she so than that the their them then there these they this to too us was we were what " +
    "when where which who why will with would you your " +
    "au aux ce ces d dans de des du elle en est et il ils j l la le les leur lui mais me n ne nous on ou par pas " +
    "plus pour qu que qui s sa se ses son sur un une vous y"
  ).split(" "),
);
