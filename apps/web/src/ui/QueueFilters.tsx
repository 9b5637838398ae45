// The queue's filters: each a drop-down of checkboxes (several choices at once; none = any),
// named by what is chosen. Who made it (assistants, people, not recorded), author, folder, what
// it does and age.
import type { ComponentChildren } from "preact";
import { useMemo } from "preact/hooks";
import type { Suggestion } from "../api/types.js";
import {
  AGES,
  authorsOf,
  CHANGES,
  DEFAULT_FILTER,
  foldersOf,
  MADE_BY,
  NO_AUTHOR,
  type QueueFilter,
} from "../review/filters.js";
import { ListFilter } from "./icons.js";

interface Props {
  all: Suggestion[];
  filter: QueueFilter;
  set(patch: Partial<QueueFilter>): void;
}

export function QueueFilters({ all, filter, set }: Props) {
  // The chosen values stay choosable after their last suggestion is resolved.
  const withChosen = (list: string[], chosen: string[]) =>
    [...new Set([...list, ...chosen])].sort();
  const folders = useMemo(() => withChosen(foldersOf(all), filter.folders), [all, filter.folders]);
  const authors = useMemo(() => withChosen(authorsOf(all), filter.authors), [all, filter.authors]);
  const isDefault = JSON.stringify(filter) === JSON.stringify(DEFAULT_FILTER);
  return (
    <div class="filters">
      <ListFilter size={18} class="icon muted" />
      <Choice
        label="Made by"
        options={Object.entries(MADE_BY)}
        chosen={filter.by}
        onChange={(by) => set({ by: by as QueueFilter["by"] })}
      />
      <Choice
        label="Author"
        options={authors.map((a) => [a, a === NO_AUTHOR ? "(not recorded)" : a])}
        chosen={filter.authors}
        onChange={(authors) => set({ authors })}
      />
      <Choice
        label="Folder"
        options={folders.map((f) => [f, f])}
        chosen={filter.folders}
        onChange={(folders) => set({ folders })}
      />
      <Choice
        label="Change"
        options={Object.entries(CHANGES)}
        chosen={filter.changes}
        onChange={(changes) => set({ changes: changes as QueueFilter["changes"] })}
      />
      <Choice
        label="Age"
        options={Object.entries(AGES).map(([k, v]) => [k, v.label])}
        chosen={filter.ages}
        onChange={(ages) => set({ ages: ages as QueueFilter["ages"] })}
      />
      {!isDefault && (
        <button type="button" class="link-button" onClick={() => set(DEFAULT_FILTER)}>
          Reset filters
        </button>
      )}
    </div>
  );
}

function Choice(p: {
  label: string;
  options: [string, string][];
  chosen: readonly string[];
  onChange(chosen: string[]): void;
}): ComponentChildren {
  const names = new Map(p.options);
  const summary =
    p.chosen.length === 0
      ? "Any"
      : p.chosen.length <= 2
        ? p.chosen.map((c) => names.get(c) ?? c).join(", ")
        : `${p.chosen.length} chosen`;
  const toggle = (value: string, on: boolean) =>
    p.onChange(on ? [...p.chosen, value] : p.chosen.filter((c) => c !== value));
  return (
    <details class="choice">
      <summary>
        <span class="choice-label">{p.label}:</span> <span class="choice-value">{summary}</span>
      </summary>
      <fieldset class="choice-menu">
        <legend class="choice-legend">{p.label}</legend>
        {p.options.length === 0 && <p class="muted">None pending</p>}
        {p.options.map(([value, text]) => (
          <label key={value} class="check">
            <input
              type="checkbox"
              checked={p.chosen.includes(value)}
              onChange={(e) => toggle(value, e.currentTarget.checked)}
            />
            {text}
          </label>
        ))}
        {p.chosen.length > 0 && (
          <button type="button" class="link-button" onClick={() => p.onChange([])}>
            Any {p.label.toLowerCase()}
          </button>
        )}
      </fieldset>
    </details>
  );
}
