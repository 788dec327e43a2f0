import { Stack, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import type { RequestReports_requests$key } from "../../__generated__/RequestReports_requests.graphql.ts";
import type { RequestReports_top$key } from "../../__generated__/RequestReports_top.graphql.ts";
import { ReportCard } from "./ReportCard.tsx";
import { formatHours } from "./format.ts";
import { wholeTicks } from "./StockReports.tsx";

const STATUS_COLORS: Record<string, string> = { pending: "#ef6c00", approved: "#2e7d32", denied: "#c62828" };
/** The statuses as the CSV names them (in English, whatever the screen's language). */
const STATUS_LABELS: Record<string, string> = { pending: "Pending", approved: "Approved", denied: "Denied" };

export function RequestStatusReport({ reports }: { reports: RequestReports_requests$key }) {
  const { requests } = useFragment(
    graphql`
      fragment RequestReports_requests on Reports {
        requests {
          total
          medianHoursToDecision
          byStatus {
            status
            count
            medianHoursToDecision
          }
        }
      }
    `,
    reports,
  );
  const rows = [...requests.byStatus, { status: "all", count: requests.total, medianHoursToDecision: requests.medianHoursToDecision }];
  const { t } = useLingui();
  const statusLabel: Record<string, string> = { pending: t`Pending`, approved: t`Approved`, denied: t`Denied` };
  return (
    <ReportCard
      title={t`Requests by status`}
      file="Requests by status"
      description={plural(requests.total, { one: "# request made in the range", other: "# requests made in the range" })}
      columns={[
        { header: "Status", value: (r) => STATUS_LABELS[r.status] ?? "All requests" },
        { header: "Requests", value: (r) => r.count },
        { header: "Median hours to decision", value: (r) => (r.medianHoursToDecision == null ? null : Math.round(r.medianHoursToDecision * 100) / 100) },
      ]}
      rows={rows}
      empty={requests.total ? null : t`No requests in this range`}
      aside={
        <Stack direction="row" spacing={1} sx={{ alignItems: "baseline" }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {formatHours(requests.medianHoursToDecision)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            <Trans>median time to decision</Trans>
          </Typography>
        </Stack>
      }
    >
      <BarChart
        height={220}
        dataset={requests.byStatus.map((r) => ({ status: statusLabel[r.status] ?? r.status, count: r.count }))}
        xAxis={[
          {
            scaleType: "band",
            dataKey: "status",
            colorMap: { type: "ordinal", values: requests.byStatus.map((r) => statusLabel[r.status] ?? r.status), colors: requests.byStatus.map((r) => STATUS_COLORS[r.status] ?? "#757575") },
          },
        ]}
        yAxis={[{ width: 36, valueFormatter: wholeTicks }]}
        series={[{ dataKey: "count", label: t`Requests` }]}
        hideLegend
      />
    </ReportCard>
  );
}

export function TopRequestedReport({ reports }: { reports: RequestReports_top$key }) {
  const { topRequestedItems: rows } = useFragment(
    graphql`
      fragment RequestReports_top on Reports {
        topRequestedItems(limit: 10) {
          type
          name
          requests
          quantity
          approvedQuantity
        }
      }
    `,
    reports,
  );
  const { t } = useLingui();
  return (
    <ReportCard
      title={t`Top requested items`}
      file="Top requested items"
      description={t`By number of requests in the range`}
      columns={[
        { header: "Item", value: (r) => r.name },
        { header: "Type", value: (r) => r.type },
        { header: "Requests", value: (r) => r.requests },
        { header: "Units requested", value: (r) => r.quantity },
        { header: "Units approved", value: (r) => r.approvedQuantity },
      ]}
      rows={rows}
      empty={rows.length ? null : t`No requests in this range`}
    >
      <BarChart
        height={Math.max(200, rows.length * 32 + 70)}
        layout="horizontal"
        dataset={rows.map((r) => ({ name: r.name, requests: r.requests, quantity: r.quantity }))}
        yAxis={[{ scaleType: "band", dataKey: "name", width: 170, tickLabelStyle: { fontSize: 11 }, valueFormatter: (v: string, ctx) => (ctx.location === "tick" && v.length > 26 ? `${v.slice(0, 25)}…` : v) }]}
        xAxis={[{ valueFormatter: wholeTicks }]}
        series={[
          { dataKey: "requests", label: t`Requests`, color: "#1565c0" },
          { dataKey: "quantity", label: t`Units requested`, color: "#90caf9" },
        ]}
      />
    </ReportCard>
  );
}
