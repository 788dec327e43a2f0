import { useEffect, useRef, useState } from "react";
import type { Observable } from "relay-runtime";
import { SEARCH_DEBOUNCE_MS, searchOf } from "../list/useDebouncedSearch.ts";

/**
 * A picker's choices for what is typed, asked of the server by `fetch` (with the trimmed text, or null
 * for "the first ones"): at once for an empty search, a short pause after the last keystroke otherwise.
 * `key` names whatever else decides the answer (the request form's item or equipment). `loading` until
 * the answer for the current text and key is in; on a failure no choices, and `failed`.
 */
export function useSearchOptions<T>(text: string, fetch: (search: string | null) => Observable<T[]>, key = "") {
  const search = searchOf(text);
  const current = `${key}:${search ?? ""}`;
  const [result, setResult] = useState<{ key: string; options: T[]; failed: boolean } | null>(null);
  const latest = useRef(fetch);
  useEffect(() => {
    latest.current = fetch;
  });
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    const done = (options: T[], failed = false) => setResult({ key: current, options, failed });
    const timer = setTimeout(
      () => {
        subscription = latest.current(search).subscribe({ next: (options) => done(options), error: () => done([], true) });
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [search, current]);
  const answer = result?.key === current ? result : null;
  return { loading: answer === null, options: answer?.options ?? [], failed: answer?.failed ?? false };
}
