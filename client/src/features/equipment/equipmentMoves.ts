import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { equipmentMovesCheckInMutation } from "../../__generated__/equipmentMovesCheckInMutation.graphql.ts";
import type { equipmentMovesCheckOutMutation } from "../../__generated__/equipmentMovesCheckOutMutation.graphql.ts";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";

/*
 * The one check-out and the one check-in of equipment, used by the Equipment page (its dialog and
 * its rows) and the scanner's result card. Each surface says what the user sees (§8 gives them
 * different toasts); the mutation, the fields it refreshes and the offline queue are the same.
 */

/** What became of a check-out or check-in. */
export type MoveOutcome = {
  /** Applied (the payload updated the record in the store). */
  done(): void;
  /** Offline: the change waits in the phone's queue (shown as 'Waiting to sync'). */
  queued(): void;
  /** Refused by the server (a typed error: conflict, validation…), with its message. */
  refused(message: string | null): void;
  /** The request failed for another reason. */
  failed(): void;
};

type Result = { readonly __typename: string; readonly message?: string } | null | undefined;

function settle(payloadType: string, outcome: MoveOutcome, kept: (error: Error) => boolean) {
  return {
    onCompleted: (result: Result) => (result?.__typename === payloadType ? outcome.done() : outcome.refused(result?.message ?? null)),
    onError: (error: Error) => (kept(error) ? outcome.queued() : outcome.failed()),
  };
}

export type CheckOut = { id: string; assignedTo: string; dueBack?: string | null };

/** available → checked_out. */
export function useCheckOutEquipment() {
  const kept = useKeptOnPhone();
  const [commit, pending] = useMutation<equipmentMovesCheckOutMutation>(graphql`
    mutation equipmentMovesCheckOutMutation($input: CheckOutEquipmentInput!) {
      checkOutEquipment(input: $input) {
        __typename
        ... on CheckOutEquipmentPayload {
          equipment {
            id
            status
            assignedTo
            assignedAt
            dueBack
            updatedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const checkOut = useCallback(
    (input: CheckOut, outcome: MoveOutcome) => {
      const { onCompleted, onError } = settle("CheckOutEquipmentPayload", outcome, kept);
      commit({ variables: { input }, onCompleted: (d) => onCompleted(d.checkOutEquipment), onError });
    },
    [commit, kept],
  );
  return { checkOut, pending };
}

/** checked_out → available. */
export function useCheckInEquipment() {
  const kept = useKeptOnPhone();
  const [commit, pending] = useMutation<equipmentMovesCheckInMutation>(graphql`
    mutation equipmentMovesCheckInMutation($input: CheckInEquipmentInput!) {
      checkInEquipment(input: $input) {
        __typename
        ... on CheckInEquipmentPayload {
          equipment {
            id
            status
            assignedTo
            assignedAt
            dueBack
            updatedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const checkIn = useCallback(
    (id: string, outcome: MoveOutcome) => {
      const { onCompleted, onError } = settle("CheckInEquipmentPayload", outcome, kept);
      commit({ variables: { input: { id } }, onCompleted: (d) => onCompleted(d.checkInEquipment), onError });
    },
    [commit, kept],
  );
  return { checkIn, pending };
}
