import { t } from "@lingui/core/macro";
import { useRef } from "react";
import { fetchQuery, graphql, type Environment } from "react-relay";
import type { stockItemScanLookupQuery } from "../../__generated__/stockItemScanLookupQuery.graphql.ts";
import { lookupCandidates } from "./scanRules.ts";
import type { ScanHit } from "./scanRules.ts";
import { useCameraScanner } from "./useCameraScanner.ts";

/** The same code again counts once it has been out of view this long (a count, receiving boxes). */
const SAME_CODE_GAP_MS = 2500;

const lookupQuery = graphql`
  query stockItemScanLookupQuery($code: String!) {
    scanLookup(code: $code) {
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
  }
`;

/**
 * A scanned or typed code → the inventory item it names, trying the code's readings in turn
 * (`lookupCandidates`); otherwise the reason to show ("That code is a piece of equipment…").
 */
export async function findStockItem(environment: Environment, code: string): Promise<{ id: string; name: string | null } | { problem: string }> {
  let problem: string | null = null;
  for (const candidate of lookupCandidates(code)) {
    try {
      const d = await fetchQuery<stockItemScanLookupQuery>(environment, lookupQuery, { code: candidate }, { fetchPolicy: "network-only" }).toPromise();
      const r = d?.scanLookup;
      if (r?.data?.__typename === "InventoryItem" && r.data.id) return { id: r.data.id, name: r.data.name ?? null };
      problem ??= r?.data?.__typename === "Equipment" ? t`That code is a piece of equipment, not a stock item` : r?.message || t`No item found for code ${code}`;
    } catch {
      problem ??= t`Failed to look up the code`;
      break;
    }
  }
  return { problem: problem ?? t`No item found for code ${code}` };
}

/**
 * The camera for scanning one box after another: each code is handled in turn (one at a time, in
 * order), and the same code again only once it has been out of view a moment. `enqueue` adds a typed code.
 */
export function useOneByOneScanner(onCode: (code: string) => Promise<unknown>) {
  const lastSeen = useRef<{ code: string; at: number } | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = (code: string) => {
    queue.current = queue.current.then(() => onCode(code));
  };
  const camera = useCameraScanner((hit: ScanHit) => {
    const now = Date.now();
    const seen = lastSeen.current;
    lastSeen.current = { code: hit.text, at: now };
    if (seen && seen.code === hit.text && now - seen.at < SAME_CODE_GAP_MS) return;
    enqueue(hit.text);
  });
  return { camera, enqueue };
}
