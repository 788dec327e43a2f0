import { startTransition, useEffect, useRef, useState } from "react";

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
