import { Stack } from "@mui/material";
import type { ReactNode } from "react";
import { ListToolbar } from "./ListToolbar.tsx";
import { ResponsiveList, type ResponsiveListProps } from "./ResponsiveList.tsx";
import { useScreenBelow } from "../useScreenBelow.ts";

/**
 * A list screen: its toolbar (search and filters, then actions), what the list holds (`summary`), the
 * list (a table on a wide screen, cards on a phone, Load more) and the dialog its actions open.
 */
export function ListPage<T>({ filters, actions, summary, dialog, ...list }: Omit<ResponsiveListProps<T>, "phone"> & {
  filters?: ReactNode;
  actions?: ReactNode;
  summary?: ReactNode;
  dialog?: ReactNode;
}) {
  const phone = useScreenBelow("md");
  return (
    <Stack spacing={2}>
      <ListToolbar actions={actions}>{filters}</ListToolbar>
      {summary}
      <ResponsiveList {...list} phone={phone} />
      {dialog}
    </Stack>
  );
}
