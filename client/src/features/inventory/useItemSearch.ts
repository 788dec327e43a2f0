import { fetchQuery, graphql, useRelayEnvironment, type Environment } from "react-relay";
import type { useItemSearchQuery } from "../../__generated__/useItemSearchQuery.graphql.ts";
import { useSearchOptions } from "../../components/form/useSearchOptions.ts";

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
          quantity
        }
      }
    }
  }
`;

/** How many matches a picker offers. */
const ITEM_MATCHES = 20;

/** The first `first` items whose name matches `search` (all items for null), with their stock on hand: every item picker's one query. */
export const searchItems = (environment: Environment, search: string | null, first = ITEM_MATCHES) =>
  fetchQuery<useItemSearchQuery>(environment, itemSearchQuery, { search, first }).map((d) => d.inventoryItems.edges.map((e) => e.node));

/** Items matching what is typed, searched on the server as a picker's choices (useSearchOptions). */
export function useItemSearch(text: string): { options: FoundItem[]; loading: boolean } {
  const environment = useRelayEnvironment();
  return useSearchOptions(text, (search) => searchItems(environment, search));
}
