import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import type { EquipmentReports_byCategory$key } from "../../__generated__/EquipmentReports_byCategory.graphql.ts";
import type { EquipmentReports_byStatus$key } from "../../__generated__/EquipmentReports_byStatus.graphql.ts";
import { labelForStatus, statusColor } from "../equipment/index.ts";
import { ReportCard } from "./ReportCard.tsx";
import { wholeTicks } from "./StockReports.tsx";

/** The statuses as the CSV names them: in English whatever the screen's language (the chart shows them translated). */
const CSV_STATUS: Record<string, string> = { available: "Available", checked_out: "Checked Out", maintenance: "Maintenance", repair: "Repair" };

export function EquipmentStatusReport({ reports }: { reports: EquipmentReports_byStatus$key }) {
  const { equipmentByStatus: rows } = useFragment(
    graphql`
      fragment EquipmentReports_byStatus on Reports {
        equipmentByStatus {
          status
          count
        }
      }
    `,
    reports,
  );
  const total = rows.reduce((s, r) => s + r.count, 0);
  const out = rows.find((r) => r.status === "checked_out")?.count ?? 0;
  const { t } = useLingui();
  const percent = total ? Math.round((100 * out) / total) : 0;
  return (
    <ReportCard
      title={t`Equipment by status`}
      file="Equipment by status"
      description={t`Now: ${out} of ${total} checked out (${percent}% utilisation)`}
      columns={[
        { header: "Status", value: (r) => CSV_STATUS[r.status] ?? r.status },
        { header: "Equipment", value: (r) => r.count },
      ]}
      rows={rows}
      empty={total ? null : t`No equipment yet`}
    >
      <PieChart
        height={260}
        series={[
          {
            innerRadius: 50,
            paddingAngle: 1,
            cornerRadius: 3,
            data: rows.filter((r) => r.count > 0).map((r) => ({ id: r.status, value: r.count, label: labelForStatus(r.status), color: statusColor(r.status) })),
          },
        ]}
      />
    </ReportCard>
  );
}

export function EquipmentCategoryReport({ reports }: { reports: EquipmentReports_byCategory$key }) {
  const { equipmentByCategory: rows } = useFragment(
    graphql`
      fragment EquipmentReports_byCategory on Reports {
        equipmentByCategory {
          category
          total
          available
          checkedOut
          outOfService
          utilisationPercent
          checkouts
        }
      }
    `,
    reports,
  );
  const { t } = useLingui();
  return (
    <ReportCard
      title={t`Equipment utilisation by category`}
      file="Equipment utilisation by category"
      description={t`Now checked out, available and out of service; check-outs during the range in the CSV`}
      columns={[
        { header: "Category", value: (r) => r.category },
        { header: "Total", value: (r) => r.total },
        { header: "Checked out", value: (r) => r.checkedOut },
        { header: "Available", value: (r) => r.available },
        { header: "In maintenance or repair", value: (r) => r.outOfService },
        { header: "Utilisation %", value: (r) => r.utilisationPercent },
        { header: "Check-outs in range", value: (r) => r.checkouts },
      ]}
      rows={rows}
      empty={rows.length ? null : t`No equipment yet`}
    >
      <BarChart
        height={Math.max(220, rows.length * 34 + 70)}
        layout="horizontal"
        dataset={rows.map((r) => ({ category: r.category, checkedOut: r.checkedOut, available: r.available, outOfService: r.outOfService }))}
        yAxis={[{ scaleType: "band", dataKey: "category", width: 130, tickLabelStyle: { fontSize: 11 } }]}
        xAxis={[{ valueFormatter: wholeTicks }]}
        series={[
          { dataKey: "checkedOut", label: t`Checked out`, stack: "all", color: statusColor("checked_out") },
          { dataKey: "available", label: t`Available`, stack: "all", color: statusColor("available") },
          { dataKey: "outOfService", label: t`Maintenance / repair`, stack: "all", color: statusColor("maintenance") },
        ]}
      />
    </ReportCard>
  );
}
