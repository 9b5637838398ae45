// Small pieces of English for messages: articles and plurals.

/** "a file" / "an image": the indefinite article for `word`, by its first letter. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}

/** "1 folder" / "2 folders". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
