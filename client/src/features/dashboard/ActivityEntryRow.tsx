import { graphql, useFragment } from "react-relay";
import type { ActivityEntryRow_entry$key } from "../../__generated__/ActivityEntryRow_entry.graphql.ts";
import { shortDateTime } from "../../platform/dates.ts";
import { actionColor } from "./activity.ts";
import { CardChip } from "../../components/cardParts.tsx";
import { useDashboardSheet } from "./dashboardParts.ts";

/** One activity entry (who did what, when, to which kind of record): the dashboard's Recent Activity and the Activity Log. */
export function ActivityEntryRow({ entry }: { entry: ActivityEntryRow_entry$key }) {
  const e = useFragment(
    graphql`
      fragment ActivityEntryRow_entry on ActivityEntry {
        action
        entityType
        details
        createdAt
        user {
          name
        }
      }
    `,
    entry,
  );
  useDashboardSheet();
  return (
    <li className="tl-line tl-line-top">
      <div className="tl-dot" style={{ backgroundColor: actionColor[e.action] ?? "#757575" }} />
      <div className="tl-grow">
        <p className="tl-t tl-body2 tl-anywhere">
          <strong>{e.user.name}</strong> {e.details}
        </p>
        <span className="tl-t tl-caption tl-secondary">{shortDateTime(e.createdAt as string)}</span>
      </div>
      <CardChip outlined label={e.entityType} />
    </li>
  );
}
