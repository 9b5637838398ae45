// The switch between a suggestion's word diff and its raw CriticMarkup (a pressed button, so it
// is reached with Tab and said as "Show markup, toggle button, pressed / not pressed").
import { useMarkup } from "../app/markupMode.js";
import { Code } from "./icons.js";

export function MarkupToggle() {
  const { markup, setMarkup } = useMarkup();
  return (
    <button
      type="button"
      class="toggle"
      aria-pressed={markup}
      title="Show each suggestion as its CriticMarkup instead of a word diff"
      onClick={() => setMarkup(!markup)}
    >
      <Code size={16} class="icon" />
      Show markup
    </button>
  );
}
