import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useCheckInEquipmentMutation } from "../../__generated__/useCheckInEquipmentMutation.graphql.ts";
import { useToast } from "../../app/toast.tsx";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";

/** checked_out → available; the payload updates the record (status, assignedTo, assignedAt) in the store. */
export function useCheckInEquipment() {
  const { toast } = useToast();
  const [commit, pending] = useMutation<useCheckInEquipmentMutation>(graphql`
    mutation useCheckInEquipmentMutation($input: CheckInEquipmentInput!) {
      checkInEquipment(input: $input) {
        __typename
        ... on CheckInEquipmentPayload {
          equipment {
            id
            status
            assignedTo
            assignedAt
            updatedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const kept = useKeptOnPhone();
  const checkIn = useCallback(
    (id: string) => {
      const fail = () => toast({ title: "Error", description: "Failed to check in equipment", variant: "destructive" });
      commit({
        variables: { input: { id } },
        onCompleted: (d) =>
          d.checkInEquipment.__typename === "CheckInEquipmentPayload"
            ? toast({ title: "Equipment checked in successfully", variant: "success" })
            : fail(),
        onError: (error) => {
          if (!kept(error)) fail();
        },
      });
    },
    [commit, toast, kept],
  );
  return { checkIn, pending };
}
