import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { useItemSearchQuery } from "../../__generated__/useItemSearchQuery.graphql.ts";

/** An inventory item found by name, as the item pickers show and use it. */
export type FoundItem = { id: string; name: string; unit: string; price: number | null | undefined };

const itemSearchQuery = graphql`
  query useItemSearchQuery($search: String, $first: Int!) {
    inventoryItems(first: $first, search: $search) {
      edges {
        node {
          id
          name
          unit
          price
        }
      }
    }
  }
`;

/** How many matches a picker offers, and how long after the last keystroke the server is asked. */
const MATCHES = 20;
const DEBOUNCE_MS = 250;

/**
 * Items matching what is typed, searched on the server a moment after the last keystroke (at once for
 * the first, empty search). `loading` until the answer for the current text is in; none on failure.
 */
export function useItemSearch(text: string): { options: FoundItem[]; loading: boolean } {
  const environment = useRelayEnvironment();
  const [options, setOptions] = useState<FoundItem[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    let sub: { unsubscribe(): void } | undefined;
    const search = text.trim() || null;
    const timer = setTimeout(
      () => {
        sub = fetchQuery<useItemSearchQuery>(environment, itemSearchQuery, { search, first: MATCHES }).subscribe({
          next: (d) => {
            setOptions(d.inventoryItems.edges.map((e) => e.node));
            setLoading(false);
          },
          error: () => {
            setOptions([]);
            setLoading(false);
          },
        });
      },
      search ? DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      sub?.unsubscribe();
    };
  }, [environment, text]);
  return { options, loading };
}
