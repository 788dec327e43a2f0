import { t } from "@lingui/core/macro";
import { useCallback } from "react";
import { graphql, useMutation, type GraphQLTaggedNode } from "react-relay";
import type { MutationParameters } from "relay-runtime";
import type { equipmentMovesCheckInMutation } from "../../__generated__/equipmentMovesCheckInMutation.graphql.ts";
import type { equipmentMovesCheckOutMutation } from "../../__generated__/equipmentMovesCheckOutMutation.graphql.ts";
import { useToast } from "../../platform/toast.tsx";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";

/*
 * The one check-out and the one check-in of equipment, used by the Equipment page (its rows and
 * CheckOutDialog), the scanner's result card and the offline equipment list. The mutation, the
 * fields it refreshes, the offline queue and the toasts are the same everywhere; §8 only words the
 * toasts differently on the Equipment page and on the scanner, so each surface names its texts.
 */

/** Where equipment is moved from: the Equipment page, or the scanner (and the offline list, worded like it). */
export type MoveSurface = "page" | "scanner";

type ToastText = { title: string; description?: string };

/** §8's texts for each surface, in the app's language when read (getters: the language can change). */
export const moveTexts: Record<
  MoveSurface,
  {
    readonly nameLabel: string;
    checkedOut(name: string, person: string): ToastText;
    readonly checkOutFailed: ToastText;
    checkedIn(name: string): ToastText;
    readonly checkInFailed: ToastText;
  }
> = {
  page: {
    get nameLabel() {
      return t`Technician name`;
    },
    checkedOut: () => ({ title: t`Equipment checked out successfully` }),
    get checkOutFailed() {
      return { title: t`Error`, description: t`Failed to check out equipment` };
    },
    checkedIn: () => ({ title: t`Equipment checked in successfully` }),
    get checkInFailed() {
      return { title: t`Error`, description: t`Failed to check in equipment` };
    },
  },
  scanner: {
    get nameLabel() {
      return t`Person's name`;
    },
    checkedOut: (name, person) => ({ title: t`Equipment checked out`, description: t`${name} checked out to ${person}` }),
    get checkOutFailed() {
      return { title: t`Check-out failed`, description: t`Failed to check out equipment. Please try again.` };
    },
    checkedIn: (name) => ({ title: t`Equipment checked in`, description: t`${name} is available again` }),
    get checkInFailed() {
      return { title: t`Check-in failed`, description: t`Failed to check in equipment. Please try again.` };
    },
  },
};

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

/** What a move changes on the equipment: both payloads refresh these wherever the equipment shows. */
export const movedFields = graphql`
  fragment equipmentMoves_moved on Equipment {
    id
    status
    assignedTo
    assignedAt
    dueBack
    updatedAt
  }
`;

const checkOutMutation = graphql`
  mutation equipmentMovesCheckOutMutation($input: CheckOutEquipmentInput!) {
    checkOutEquipment(input: $input) {
      __typename
      ... on CheckOutEquipmentPayload {
        equipment {
          ...equipmentMoves_moved
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
          ...equipmentMoves_moved
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

/**
 * checked_out → available, with the surface's toasts; `onCheckedIn` runs once the check-in is
 * applied or waits in the phone's queue.
 */
export function useCheckIn(surface: MoveSurface) {
  const { toast } = useToast();
  const { move, pending } = useMove<equipmentMovesCheckInMutation>(checkInMutation, "CheckInEquipmentPayload", checkInResult);
  const checkIn = useCallback(
    (target: { id: string; name: string }, onCheckedIn?: () => void) => {
      const texts = moveTexts[surface];
      const failed = () => toast({ ...texts.checkInFailed, variant: "destructive" });
      move(
        { id: target.id },
        {
          done: () => {
            toast({ ...texts.checkedIn(target.name), variant: "success" });
            onCheckedIn?.();
          },
          queued: () => onCheckedIn?.(),
          refused: failed,
          failed,
        },
      );
    },
    [move, surface, toast],
  );
  return { checkIn, pending };
}
