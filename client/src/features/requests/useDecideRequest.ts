import { t } from "@lingui/core/macro";
import { graphql, useMutation } from "react-relay";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import type { useDecideRequestApproveMutation } from "../../__generated__/useDecideRequestApproveMutation.graphql.ts";
import type { useDecideRequestDenyMutation } from "../../__generated__/useDecideRequestDenyMutation.graphql.ts";
import { useToast } from "../../platform/toast.tsx";
import { adjustPendingCount } from "./pendingCount.ts";

/** Approve or deny a pending request; the payload updates the request (and issued stock) in the store. */
export function useDecideRequest() {
  const { toast } = useToast();
  const [approve, approving] = useMutation<useDecideRequestApproveMutation>(graphql`
    mutation useDecideRequestApproveMutation($input: ApproveRequestInput!) {
      approveRequest(input: $input) {
        __typename
        ... on ApproveRequestPayload {
          request {
            id
            status
            approvedAt
            approvedBy {
              id
              name
            }
            items {
              inventoryItem {
                id
                quantity
                stockStatus
                urgency
              }
              equipment {
                id
                status
                assignedTo
                assignedAt
              }
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [deny, denying] = useMutation<useDecideRequestDenyMutation>(graphql`
    mutation useDecideRequestDenyMutation($input: DenyRequestInput!) {
      denyRequest(input: $input) {
        __typename
        ... on DenyRequestPayload {
          request {
            id
            status
            approvedAt
            approvedBy {
              id
              name
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return {
    pending: approving || denying,
    /** `fromLocationId`: the stock location an inventory request is issued from (default the main warehouse). */
    decide(id: string, decision: "approve" | "deny", onDone?: () => void, fromLocationId?: string) {
      const failText = decision === "approve" ? t`Failed to approve request` : t`Failed to deny request`;
      const handle = (r: { __typename: string; message?: string } | null | undefined) => {
        if (r && (r.__typename === "ApproveRequestPayload" || r.__typename === "DenyRequestPayload")) {
          toast({ title: decision === "approve" ? t`Request approved successfully` : t`Request denied`, variant: "success" });
          onDone?.();
        } else toast({ title: t`Error`, description: r?.message ?? failText, variant: "destructive" });
      };
      const onError = () => toast({ title: t`Error`, description: failText, variant: "destructive" });
      const updater = (store: RecordSourceSelectorProxy, data: { approveRequest?: { __typename: string } | null; denyRequest?: { __typename: string } | null } | null | undefined) => {
        const r = data?.approveRequest ?? data?.denyRequest;
        if (r?.__typename === "ApproveRequestPayload" || r?.__typename === "DenyRequestPayload")
          adjustPendingCount(store, -1, { requestId: id, status: decision === "approve" ? "approved" : "denied" });
      };
      if (decision === "approve") approve({ variables: { input: { id, ...(fromLocationId && { fromLocationId }) } }, updater, onCompleted: (d) => handle(d.approveRequest), onError });
      else deny({ variables: { input: { id } }, updater, onCompleted: (d) => handle(d.denyRequest), onError });
    },
  };
}
