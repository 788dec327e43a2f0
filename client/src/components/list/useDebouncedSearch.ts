import { startTransition, useEffect, useRef, useState, useTransition } from "react";

export const SEARCH_DEBOUNCE_MS = 250;

/** What a search box sends as `search`: the trimmed text, or null for "the first ones". */
export const searchOf = (text: string) => text.trim() || null;

/**
 * A list's search box: the text updates at once, and `apply` (a refetch) runs in a transition a short
 * pause after the last keystroke, with the trimmed text or null. `applied` is what the list shows.
 * A list that reloads with usePagedList's `reload` shows it busy meanwhile (that transition's pending).
 */
export function useDebouncedSearch(apply: (search: string | null) => void, delayMs = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState("");
  const [applied, setApplied] = useState<string | null>(null);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    const search = searchOf(text);
    if (search === applied) return;
    const timer = setTimeout(
      () =>
        startTransition(() => {
          setApplied(search);
          latest.current(search);
        }),
      delayMs,
    );
    return () => clearTimeout(timer);
  }, [text, applied, delayMs]);
  return { text, setText, applied };
}

/** A list's applied filters: the search and one choice, named `K` (inventory's `category`, equipment's `status`). */
export type SearchAndChoice<K extends string> = { search: string | null } & { [P in K]: string | null };

/**
 * A list's search box beside one filter choice: both update at once as the person sets them, and `refetch`
 * runs in a transition with both, the choice at once and the search after its pause. The next filters are read
 * from what the person set, never from `applied`, which a pending refetch has not committed yet: a choice made
 * while the search's refetch is on its way (or a search typed while the choice's is) keeps the other filter.
 * `choice` is "" for all, as the filter's select shows it; `applied` has null there.
 */
export function useSearchAndChoice<K extends string, V extends string>(
  key: K,
  initial: SearchAndChoice<K>,
  refetch: (next: SearchAndChoice<K>) => void,
) {
  const [search, setSearch] = useState(initial.search ?? "");
  const [choice, setChoice] = useState<V | "">((initial[key] as V | null) ?? "");
  const [applied, setApplied] = useState(initial);
  const [pending, inTransition] = useTransition();
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    const next = { search: searchOf(search), [key]: choice || null } as SearchAndChoice<K>;
    if (next.search === applied.search && next[key] === applied[key]) return;
    const timer = setTimeout(
      () =>
        inTransition(() => {
          setApplied(next);
          latest.current(next);
        }),
      next[key] !== applied[key] ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [key, search, choice, applied]);
  /** Fetches the applied filters again (after an import), in a transition. */
  const reload = (fetch: (filters: SearchAndChoice<K>) => void) => inTransition(() => fetch(applied));
  return { search, setSearch, choice, setChoice, applied, pending, reload };
}
