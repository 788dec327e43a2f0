import { useLingui } from "@lingui/react/macro";
import { graphql, useMutation } from "react-relay";
import type { useDeleteInventoryItemMutation } from "../../__generated__/useDeleteInventoryItemMutation.graphql.ts";
import { useToast } from "../../platform/toast.tsx";
import { connectionsForDeletedItem } from "./connections.ts";

/** Managers delete an item; its edge leaves the lists in the store (no refetch). */
export function useDeleteInventoryItem() {
  const { t } = useLingui();
  const { toast } = useToast();
  const [commit, pending] = useMutation<useDeleteInventoryItemMutation>(graphql`
    mutation useDeleteInventoryItemMutation($input: DeleteInventoryItemInput!, $connections: [ID!]!) {
      deleteInventoryItem(input: $input) {
        __typename
        ... on DeleteInventoryItemPayload {
          deletedId @deleteEdge(connections: $connections)
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return {
    pending,
    remove(id: string, onDone?: () => void) {
      const failed = () => toast({ title: t`Error`, description: t`Failed to delete item`, variant: "destructive" });
      commit({
        variables: { input: { id }, connections: connectionsForDeletedItem() },
        onCompleted: (d) => {
          if (d.deleteInventoryItem.__typename === "DeleteInventoryItemPayload") {
            toast({ title: t`Item deleted successfully`, variant: "success" });
            onDone?.();
          } else failed();
        },
        onError: failed,
      });
    },
  };
}
