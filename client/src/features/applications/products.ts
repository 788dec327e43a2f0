import { useCallback, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment, type Environment } from "react-relay";
import { findStockItem } from "../../components/scanner/stockItemScan.ts";
import type { productsProductQuery, productsProductQuery$data } from "../../__generated__/productsProductQuery.graphql.ts";
import { MEASURE_KIND, MEASURE_UNITS, type MeasureUnit } from "../../../../schemas/measures.ts";

/** A product as a line of the form shows it: its label facts, its units, where it is. */
export type Product = Extract<NonNullable<productsProductQuery$data["node"]>, { __typename: "InventoryItem" }>;

const productQuery = graphql`
  query productsProductQuery($id: ID!) {
    node(id: $id) {
      __typename
      ... on InventoryItem {
        id
        name
        unit
        category
        epaRegistrationNumber
        restrictedUse
        signalWord
        containerSize {
          amount
          unit
        }
        stockText
        stockLevels {
          quantity
          stockText
          location {
            id
            name
          }
        }
      }
    }
  }
`;

const scanQuery = graphql`
  query productsScanQuery($code: String!) {
    scanLookup(code: $code) {
      ...stockItemScan_answer @relay(mask: false)
    }
  }
`;

/**
 * A scanned label or barcode → the product it names, trying the code's readings in turn; otherwise
 * the reason to show. Without signal it is answered from the phone's copy (OFFLINE_READS).
 */
export const findProduct = (environment: Environment, code: string) => findStockItem(environment, code, scanQuery);

/** The units an amount of this product may be given in: its measure kind's (fl oz, gal, mL, L or oz, lb, g, kg), else its own unit. */
export function unitsOf(product: Pick<Product, "unit" | "containerSize">): string[] {
  const container = product.containerSize?.unit as MeasureUnit | undefined;
  if (!container || !MEASURE_KIND[container]) return [product.unit];
  const kind = MEASURE_KIND[container];
  return MEASURE_UNITS.filter((u) => MEASURE_KIND[u] === kind);
}

/** The products the form's lines name, read from the server once each (by search pick or by scan). */
export function useProducts() {
  const environment = useRelayEnvironment();
  const [products, setProducts] = useState<Record<string, Product>>({});
  const load = useCallback(
    async (id: string): Promise<Product | null> => {
      const d = await fetchQuery<productsProductQuery>(environment, productQuery, { id }, { fetchPolicy: "store-or-network" }).toPromise();
      const node = d?.node;
      if (node?.__typename !== "InventoryItem") return null;
      setProducts((p) => ({ ...p, [node.id]: node }));
      return node;
    },
    [environment],
  );
  return { products, load };
}
