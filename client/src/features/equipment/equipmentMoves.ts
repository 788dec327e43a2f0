import { useCallback } from "react";
import { graphql, useMutation, type GraphQLTaggedNode } from "react-relay";
import type { MutationParameters } from "relay-runtime";
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

const checkOutMutation = graphql`
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
`;

const checkInMutation = graphql`
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
`;

/** One move: the payload means done, a typed error refused, a failed request queued offline or failed. */
function useMove<M extends MutationParameters & { variables: { input: object } }>(mutation: GraphQLTaggedNode, payloadType: string, resultOf: (response: M["response"]) => Result) {
  const kept = useKeptOnPhone();
  const [commit, pending] = useMutation<M>(mutation);
  const move = useCallback(
    (input: M["variables"]["input"], outcome: MoveOutcome) =>
      commit({
        variables: { input } as M["variables"],
        onCompleted: (response) => {
          const result = resultOf(response);
          if (result?.__typename === payloadType) outcome.done();
          else outcome.refused(result?.message ?? null);
        },
        onError: (error) => (kept(error) ? outcome.queued() : outcome.failed()),
      }),
    [commit, kept, payloadType, resultOf],
  );
  return { move, pending };
}

export type CheckOut = { id: string; assignedTo: string; dueBack?: string | null };

const checkOutResult = (r: equipmentMovesCheckOutMutation["response"]) => r.checkOutEquipment;
const checkInResult = (r: equipmentMovesCheckInMutation["response"]) => r.checkInEquipment;

/** available → checked_out. */
export function useCheckOutEquipment() {
  const { move, pending } = useMove<equipmentMovesCheckOutMutation>(checkOutMutation, "CheckOutEquipmentPayload", checkOutResult);
  return { checkOut: move as (input: CheckOut, outcome: MoveOutcome) => void, pending };
}

/** checked_out → available. */
export function useCheckInEquipment() {
  const { move, pending } = useMove<equipmentMovesCheckInMutation>(checkInMutation, "CheckInEquipmentPayload", checkInResult);
  const checkIn = useCallback((id: string, outcome: MoveOutcome) => move({ id }, outcome), [move]);
  return { checkIn, pending };
}
