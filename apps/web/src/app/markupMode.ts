// Whether suggestions show as a word diff (the default) or as their CriticMarkup: one toggle for
// the whole page, kept for the tab (sessionStorage).
import { createContext } from "preact";
import { useContext, useState } from "preact/hooks";

const KEY = "lens.showMarkup";

export interface MarkupMode {
  markup: boolean;
  setMarkup(on: boolean): void;
}

export const MarkupContext = createContext<MarkupMode>({ markup: false, setMarkup() {} });

export function useMarkupState(): MarkupMode {
  const [markup, set] = useState(() => sessionStorage.getItem(KEY) === "1");
  return {
    markup,
    setMarkup(on) {
      sessionStorage.setItem(KEY, on ? "1" : "0");
      set(on);
    },
  };
}

export function useMarkup(): MarkupMode {
  return useContext(MarkupContext);
}
