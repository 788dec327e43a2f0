import { t } from "@lingui/core/macro";
import { useCallback, useRef } from "react";
import { fetchQuery, graphql, type Environment, type GraphQLTaggedNode } from "react-relay";
import type { stockItemScanLookupQuery } from "../../__generated__/stockItemScanLookupQuery.graphql.ts";
import { createSameCodeRule, lookupCandidates } from "./scanRules.ts";
import type { ScanHit } from "./scanRules.ts";
import { useCameraScanner } from "./useCameraScanner.ts";

/** What a lookup needs of the answer: spread unmasked (`...stockItemScan_answer @relay(mask: false)`) by every query findStockItem runs. */
export const answerFragment = graphql`
  fragment stockItemScan_answer on ScanLookupResult {
    __typename
    ... on ScanLookupSuccess {
      data {
        __typename
        ... on InventoryItem {
          id
          name
        }
        ... on Equipment {
          id
        }
      }
    }
    ... on Error {
      message
    }
  }
`;

const lookupQuery = graphql`
  query stockItemScanLookupQuery($code: String!) {
    scanLookup(code: $code) {
      ...stockItemScan_answer @relay(mask: false)
    }
  }
`;

/** What a lookup of one code answers (any query findStockItem runs selects `stockItemScan_answer`). */
type LookupAnswer = stockItemScanLookupQuery["response"];

/**
 * A scanned or typed code → the inventory item it names, trying the code's readings in turn
 * (`lookupCandidates`); otherwise the reason to show ("That code is a piece of equipment…"). `query`: another
 * query of `stockItemScan_answer` under its own name (record application's, which the phone's copy answers offline).
 */
export async function findStockItem(
  environment: Environment,
  code: string,
  query: GraphQLTaggedNode = lookupQuery,
): Promise<{ id: string; name: string | null } | { problem: string }> {
  let problem: string | null = null;
  for (const candidate of lookupCandidates(code)) {
    try {
      const d = (await fetchQuery(environment, query, { code: candidate }, { fetchPolicy: "network-only" }).toPromise()) as LookupAnswer | undefined;
      const r = d?.scanLookup;
      if (r?.data?.__typename === "InventoryItem" && r.data.id) return { id: r.data.id, name: r.data.name ?? null };
      problem ??= !r?.data ? r?.message || t`No item found for code ${code}` : r.data.__typename === "Equipment" ? t`That code is a piece of equipment, not a stock item` : t`That code is not a stock item`;
    } catch {
      problem ??= t`Failed to look up the code`;
      break;
    }
  }
  return { problem: problem ?? t`No item found for code ${code}` };
}

/**
 * The camera for scanning one box after another: each code is handled in turn (one at a time, in
 * order), and the same code again only once it has been out of view a moment (createSameCodeRule), or after the
 * camera was started again. `enqueue` adds a typed code.
 */
export function useOneByOneScanner(onCode: (code: string) => Promise<unknown>) {
  const sameCode = useRef<ReturnType<typeof createSameCodeRule> | null>(null);
  sameCode.current ??= createSameCodeRule();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = (code: string) => {
    queue.current = queue.current.then(() => onCode(code));
  };
  const camera = useCameraScanner(
    (hit: ScanHit) => {
      if (sameCode.current!.take(hit.text, Date.now())) enqueue(hit.text);
    },
    (text, at) => sameCode.current!.frame(text, at),
  );
  // Started again (after Stop, another box in hand): the first read counts, whatever was read before.
  const { start } = camera;
  const startAfresh = useCallback(() => {
    sameCode.current = createSameCodeRule();
    return start();
  }, [start]);
  return { camera: { ...camera, start: startAfresh }, enqueue };
}
