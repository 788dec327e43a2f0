import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart, lineClasses } from "@mui/x-charts/LineChart";
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { graphql, readInlineData, useFragment } from "react-relay";
import type { StockReports_figures$data, StockReports_figures$key } from "../../__generated__/StockReports_figures.graphql.ts";
import { formatCompactDollars, formatWholeDollars as formatDollars } from "../../platform/money.ts";
import type { StockReports_locations$key } from "../../__generated__/StockReports_locations.graphql.ts";
import type { StockReports_lowStock$key } from "../../__generated__/StockReports_lowStock.graphql.ts";
import type { StockReports_movements$key } from "../../__generated__/StockReports_movements.graphql.ts";
import type { StockReports_value$key } from "../../__generated__/StockReports_value.graphql.ts";
import type { CsvColumn } from "./csv.ts";
import { ReportCard, useReportRange } from "./ReportCard.tsx";
import { periodLabel } from "./format.ts";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

export const REASON_COLORS = { issued: "#1565c0", received: "#2e7d32", used: "#ef6c00", adjusted: "#6a1b9a" } as const;
const HEIGHT = 280;
/** Counts have whole-number ticks only. */
export const wholeTicks = (v: number) => (Number.isInteger(v) ? String(v) : "");

/** The figures both stock-value reports read of a row (the schema's StockValue), with readFigures. */
const valueFragment = graphql`
  fragment StockReports_figures on StockValue @inline {
    items
    quantity
    valueCents
    unpricedItems
  }
`;
type ValueRow = StockReports_figures$data;
/** Each row with its figures read. */
const readFigures = <R extends StockReports_figures$key>(rows: readonly R[]) => rows.map((r) => ({ ...r, ...readInlineData<StockReports_figures$key>(valueFragment, r) }));
/** The figures both stock-value reports give for a row, as their CSVs name them. */
const valueColumns = <Row extends ValueRow>(): CsvColumn<Row>[] => [
  { header: "Items", value: (r) => r.items },
  { header: "Units in stock", value: (r) => r.quantity },
  { header: "Value (USD)", value: (r) => (r.valueCents / 100).toFixed(2) },
  { header: "Items without a price", value: (r) => r.unpricedItems },
];
const totalValue = (rows: readonly ValueRow[]) => formatDollars(rows.reduce((s, r) => s + r.valueCents, 0));

export function StockValueReport({ reports }: { reports: StockReports_value$key }) {
  const { stockValueByCategory } = useFragment(
    graphql`
      fragment StockReports_value on Reports {
        stockValueByCategory {
          category
          ...StockReports_figures
        }
      }
    `,
    reports,
  );
  const rows = useMemo(() => readFigures(stockValueByCategory), [stockValueByCategory]);
  const { t } = useLingui();
  const total = totalValue(rows);
  return (
    <ReportCard
      title={t`Stock value by category`}
      file="Stock value by category"
      description={t`At the end of the range: ${total} in total (quantity × current price)`}
      columns={[{ header: "Category", value: (r) => r.category }, ...valueColumns()]}
      rows={rows}
      empty={rows.length ? null : t`No inventory in this range`}
    >
      <BarChart
        height={Math.max(HEIGHT, rows.length * 30 + 60)}
        layout="horizontal"
        dataset={rows.map((r) => ({ category: r.category, value: r.valueCents / 100 }))}
        yAxis={[{ scaleType: "band", dataKey: "category", width: 90, tickLabelStyle: { fontSize: 11 } }]}
        xAxis={[{ valueFormatter: (v: number) => formatDollars(v * 100), tickLabelStyle: { fontSize: 11 } }]}
        series={[{ dataKey: "value", label: t`Value`, color: "#2e7d32", valueFormatter: (v) => formatDollars((v ?? 0) * 100) }]}
        hideLegend
      />
    </ReportCard>
  );
}

const KIND_COLORS = { WAREHOUSE: "#1565c0", VEHICLE: "#ef6c00" } as const;

/** Issue 15: what each warehouse and vehicle held at the end of the range, valued at current prices. */
export function StockValueByLocationReport({ reports }: { reports: StockReports_locations$key }) {
  const { stockValueByLocation } = useFragment(
    graphql`
      fragment StockReports_locations on Reports {
        stockValueByLocation {
          locationDatabaseId
          name
          kind
          holder
          archived
          ...StockReports_figures
        }
      }
    `,
    reports,
  );
  const rows = useMemo(() => readFigures(stockValueByLocation), [stockValueByLocation]);
  const { t } = useLingui();
  const total = totalValue(rows);
  const onVehicles = totalValue(rows.filter((r) => r.kind === "VEHICLE"));
  const phone = useScreenBelow("sm");
  // On a phone the holder's name would leave the bars no room.
  const label = (r: (typeof rows)[number]) => (r.holder && !phone ? `${r.name} (${r.holder})` : r.name);
  return (
    <ReportCard
      title={t`Stock value by location`}
      file="Stock value by location"
      description={t`At the end of the range: ${total} in total, ${onVehicles} of it on vehicles (quantity × current price)`}
      columns={[
        { header: "Location", value: (r) => r.name },
        { header: "Kind", value: (r) => (r.kind === "VEHICLE" ? "Vehicle" : "Warehouse") },
        { header: "Holder", value: (r) => r.holder ?? "" },
        { header: "Archived", value: (r) => (r.archived ? "yes" : "no") },
        ...valueColumns(),
      ]}
      rows={rows}
      empty={rows.some((r) => r.quantity > 0) ? null : t`No stock at any location at the end of this range`}
    >
      <BarChart
        height={Math.max(HEIGHT - 80, rows.length * 30 + 60)}
        layout="horizontal"
        dataset={rows.map((r) => ({ location: label(r), warehouse: r.kind === "WAREHOUSE" ? r.valueCents / 100 : null, vehicle: r.kind === "VEHICLE" ? r.valueCents / 100 : null }))}
        yAxis={[{ scaleType: "band", dataKey: "location", width: phone ? 100 : 170, tickLabelStyle: { fontSize: 11 } }]}
        xAxis={[{ valueFormatter: (v: number) => formatCompactDollars(v), tickLabelStyle: { fontSize: 11 } }]}
        margin={{ right: 16 }}
        series={[
          { dataKey: "warehouse", label: t`Warehouse`, stack: "value", color: KIND_COLORS.WAREHOUSE, valueFormatter: (v) => (v === null ? null : formatDollars(v * 100)) },
          { dataKey: "vehicle", label: t`Vehicle`, stack: "value", color: KIND_COLORS.VEHICLE, valueFormatter: (v) => (v === null ? null : formatDollars(v * 100)) },
        ]}
      />
    </ReportCard>
  );
}

export function StockMovementsReport({ reports }: { reports: StockReports_movements$key }) {
  const { interval } = useReportRange();
  const { stockMovements: rows } = useFragment(
    graphql`
      fragment StockReports_movements on Reports {
        stockMovements {
          period
          issued
          received
          used
          adjusted
          initial
        }
      }
    `,
    reports,
  );
  const moved = rows.some((r) => r.issued || r.received || r.used || r.adjusted);
  const { t } = useLingui();
  const reasonLabel = { issued: t`Issued`, received: t`Received`, used: t`Used`, adjusted: t`Adjusted` };
  return (
    <ReportCard
      title={t`Stock movements over time`}
      file="Stock movements over time"
      description={interval === "WEEK" ? t`Units issued, received, used and adjusted per week` : t`Units issued, received, used and adjusted per day`}
      columns={[
        { header: interval === "WEEK" ? "Week starting" : "Day", value: (r) => String(r.period).slice(0, 10) },
        { header: "Issued", value: (r) => r.issued },
        { header: "Received", value: (r) => r.received },
        { header: "Used", value: (r) => r.used },
        { header: "Adjusted", value: (r) => r.adjusted },
        { header: "Opening stock of new items", value: (r) => r.initial },
      ]}
      rows={rows}
      empty={moved ? null : t`No stock moved in this range`}
    >
      <BarChart
        height={HEIGHT}
        dataset={rows.map((r) => ({ period: periodLabel(String(r.period), interval), issued: r.issued, received: r.received, used: r.used, adjusted: r.adjusted }))}
        xAxis={[{ scaleType: "band", dataKey: "period", tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ width: 44, valueFormatter: wholeTicks }]}
        series={(["issued", "received", "used", "adjusted"] as const).map((reason) => ({
          dataKey: reason,
          label: reasonLabel[reason],
          stack: "units",
          color: REASON_COLORS[reason],
        }))}
      />
    </ReportCard>
  );
}

export function LowStockReport({ reports }: { reports: StockReports_lowStock$key }) {
  const { interval } = useReportRange();
  const { lowStockOverTime: rows } = useFragment(
    graphql`
      fragment StockReports_lowStock on Reports {
        lowStockOverTime {
          period
          lowStockItems
        }
      }
    `,
    reports,
  );
  const latest = rows.at(-1)?.lowStockItems ?? 0;
  const { t } = useLingui();
  return (
    <ReportCard
      title={t`Low-stock items over time`}
      file="Low-stock items over time"
      description={interval === "WEEK" ? t`Items at or below their minimum at the end of each week; ${latest} now` : t`Items at or below their minimum at the end of each day; ${latest} now`}
      columns={[
        { header: interval === "WEEK" ? "Week starting" : "Day", value: (r) => String(r.period).slice(0, 10) },
        { header: "Low-stock items", value: (r) => r.lowStockItems },
      ]}
      rows={rows}
      empty={rows.length ? null : t`No data for this range`}
    >
      <LineChart
        height={HEIGHT}
        dataset={rows.map((r) => ({ period: new Date(String(r.period)), low: r.lowStockItems }))}
        xAxis={[
          {
            scaleType: "time",
            dataKey: "period",
            valueFormatter: (d: Date) => periodLabel(d.toISOString(), interval),
            tickLabelStyle: { fontSize: 11 },
          },
        ]}
        yAxis={[{ width: 36, min: 0, valueFormatter: wholeTicks }]}
        series={[{ dataKey: "low", label: t`Low-stock items`, color: "#c62828", curve: "stepAfter", showMark: rows.length <= 14, area: true }]}
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.12 } }}
        hideLegend
      />
    </ReportCard>
  );
}
