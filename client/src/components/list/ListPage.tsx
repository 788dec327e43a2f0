import type { ReactNode } from "react";
import { ListToolbar } from "./ListToolbar.tsx";
import { ResponsiveList, type ResponsiveListProps } from "./ResponsiveList.tsx";
import type { PagedList } from "./usePagedList.ts";
import { useScreenBelow } from "../useScreenBelow.ts";
import { useListSheet } from "./listSheet.ts";

/**
 * A list screen: its toolbar (search and filters, then actions), what the list holds (`summary`), the
 * list (`list`, from usePagedList: a table on a wide screen, cards on a phone, Load more; dimmed while
 * it reloads, a search's too: useDebouncedSearch's reload runs in usePagedList's transition) and the
 * dialog its actions open.
 */
export function ListPage<T extends { readonly id: string }>({
  list,
  filters,
  actions,
  summary,
  dialog,
  ...view
}: Omit<ResponsiveListProps<T>, "phone" | "items" | "itemKey" | "more" | "busy"> & {
  list: PagedList<T>;
  filters?: ReactNode;
  actions?: ReactNode;
  summary?: ReactNode;
  dialog?: ReactNode;
}) {
  const phone = useScreenBelow("md");
  useListSheet();
  return (
    <div className="tl-page">
      <ListToolbar actions={actions}>{filters}</ListToolbar>
      {summary}
      <ResponsiveList {...view} items={list.items} itemKey={itemId} more={list.more} busy={list.busy} phone={phone} />
      {dialog}
    </div>
  );
}

const itemId = (item: { readonly id: string }) => item.id;
