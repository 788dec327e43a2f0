import { graphql, readInlineData } from "react-relay";
import type { stockPlaces_place$key } from "../__generated__/stockPlaces_place.graphql.ts";

/**
 * A stock location as the pickers show it (transfer, approve-from, label sheet): spread into a query's
 * `stockLocations` as `...stockPlaces_place` and read with readPlaces.
 */
const placeFragment = graphql`
  fragment stockPlaces_place on StockLocation @inline {
    id
    name
    kind
    holder {
      name
    }
  }
`;

export type StockPlace = { readonly id: string; readonly name: string; readonly kind: string; readonly holder?: { readonly name: string } | null };

/** The places of a query's `stockLocations` connection. */
export function readPlaces(connection: { readonly edges: readonly { readonly node: stockPlaces_place$key }[] }): StockPlace[] {
  return connection.edges.map((e) => readInlineData(placeFragment, e.node));
}

/**
 * A line of what a place holds, as its lists show it (a location's page, my truck): spread unmasked
 * into a `stock` connection's node as `...stockPlaces_level @relay(mask: false)`.
 */
export const levelFragment = graphql`
  fragment stockPlaces_level on StockLevel {
    quantity
    minQuantity
    belowMinimum
    item {
      id
      name
      unit
    }
  }
`;
