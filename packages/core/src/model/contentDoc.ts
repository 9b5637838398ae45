// Accessor for the content doc of a markdown entry: one Y.Text named `contents`.
import type * as Y from "yjs";

export const CONTENTS = "contents";

export function contentsText(doc: Y.Doc): Y.Text {
  return doc.getText(CONTENTS);
}
