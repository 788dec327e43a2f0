import { Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import { shortDate } from "../../platform/dates.ts";
import type { ChemicalUseReports_byProduct$key } from "../../__generated__/ChemicalUseReports_byProduct.graphql.ts";
import type { ChemicalUseReports_byTechnician$key } from "../../__generated__/ChemicalUseReports_byTechnician.graphql.ts";
import type { ChemicalUseReports_records$key } from "../../__generated__/ChemicalUseReports_records.graphql.ts";
import { ReportCard } from "./ReportCard.tsx";
import { ReportTable } from "./ReportTable.tsx";
import { wholeTicks } from "./StockReports.tsx";

const shortName = (v: string) => (v.length > 26 ? `${v.slice(0, 25)}…` : v);

export function ChemicalUseByProductReport({ reports }: { reports: ChemicalUseReports_byProduct$key }) {
  const { chemicalUseByProduct: rows } = useFragment(
    graphql`
      fragment ChemicalUseReports_byProduct on Reports {
        chemicalUseByProduct {
          epaRegistrationNumber
          product
          activeIngredient
          unit
          quantity
          uses
          technicians
          sites
        }
      }
    `,
    reports,
  );
  const label = (r: (typeof rows)[number]) => (r.epaRegistrationNumber ? `${r.product} (EPA ${r.epaRegistrationNumber})` : r.product);
  const { t } = useLingui();
  return (
    <ReportCard
      title={t`Chemical use by product`}
      file="Chemical use by product"
      description={t`Applications recorded in the range, by product and EPA registration number`}
      columns={[
        { header: "EPA Reg. No.", value: (r) => r.epaRegistrationNumber },
        { header: "Product", value: (r) => r.product },
        { header: "Active ingredient", value: (r) => r.activeIngredient },
        { header: "Quantity", value: (r) => r.quantity },
        { header: "Unit", value: (r) => r.unit },
        { header: "Applications", value: (r) => r.uses },
        { header: "Technicians", value: (r) => r.technicians },
        { header: "Sites", value: (r) => r.sites },
      ]}
      rows={rows}
      empty={rows.length ? null : t`No chemical use recorded in this range`}
    >
      <BarChart
        height={Math.max(200, rows.length * 34 + 70)}
        layout="horizontal"
        dataset={rows.map((r) => ({ product: label(r), uses: r.uses }))}
        yAxis={[{ scaleType: "band", dataKey: "product", width: 170, tickLabelStyle: { fontSize: 11 }, valueFormatter: (v: string, ctx) => (ctx.location === "tick" ? shortName(v) : v) }]}
        xAxis={[{ valueFormatter: wholeTicks }]}
        series={[{ dataKey: "uses", label: t`Applications`, color: "#ef6c00" }]}
        hideLegend
      />
    </ReportCard>
  );
}

export function ChemicalUseByTechnicianReport({ reports }: { reports: ChemicalUseReports_byTechnician$key }) {
  const { chemicalUseByTechnician: rows } = useFragment(
    graphql`
      fragment ChemicalUseReports_byTechnician on Reports {
        chemicalUseByTechnician {
          technician
          epaRegistrationNumber
          product
          unit
          quantity
          uses
        }
      }
    `,
    reports,
  );
  // The server groups by technician and product; the chart shows each technician's applications.
  const technicians = [...new Set(rows.map((r) => r.technician))];
  const applications = technicians.map((name) => ({ technician: name, uses: rows.filter((r) => r.technician === name).reduce((s, r) => s + r.uses, 0) }));
  const { t } = useLingui();
  return (
    <ReportCard
      title={t`Chemical use by technician`}
      file="Chemical use by technician"
      description={t`Applications per technician; the CSV lists each technician's products and quantities`}
      columns={[
        { header: "Technician", value: (r) => r.technician },
        { header: "Product", value: (r) => r.product },
        { header: "EPA Reg. No.", value: (r) => r.epaRegistrationNumber },
        { header: "Quantity", value: (r) => r.quantity },
        { header: "Unit", value: (r) => r.unit },
        { header: "Applications", value: (r) => r.uses },
      ]}
      rows={rows}
      empty={rows.length ? null : t`No chemical use recorded in this range`}
    >
      <BarChart
        height={Math.max(180, technicians.length * 34 + 70)}
        layout="horizontal"
        dataset={applications}
        yAxis={[{ scaleType: "band", dataKey: "technician", width: 120, tickLabelStyle: { fontSize: 11 } }]}
        xAxis={[{ valueFormatter: wholeTicks }]}
        series={[{ dataKey: "uses", label: t`Applications`, color: "#6a1b9a" }]}
        hideLegend
      />
    </ReportCard>
  );
}

export function ChemicalUseRecordsReport({ reports }: { reports: ChemicalUseReports_records$key }) {
  const { chemicalUses: rows } = useFragment(
    graphql`
      fragment ChemicalUseReports_records on Reports {
        chemicalUses(limit: 1000) {
          databaseId
          usedAt
          technician
          product
          epaRegistrationNumber
          activeIngredient
          quantity
          unit
          siteAddress
          targetPest
        }
      }
    `,
    reports,
  );
  const shown = rows.slice(-50).reverse();
  const { t } = useLingui();
  const latest = shown.length;
  const all = rows.length;
  return (
    <ReportCard
      title={t`Chemical application records`}
      file="Chemical application records"
      description={all > latest ? t`The latest ${latest} of ${all}; the CSV has them all` : t`Each recorded application, newest first`}
      columns={[
        { header: "Date", value: (r) => String(r.usedAt).slice(0, 10) },
        { header: "Technician", value: (r) => r.technician },
        { header: "Product", value: (r) => r.product },
        { header: "EPA Reg. No.", value: (r) => r.epaRegistrationNumber },
        { header: "Active ingredient", value: (r) => r.activeIngredient },
        { header: "Quantity", value: (r) => r.quantity },
        { header: "Unit", value: (r) => r.unit },
        { header: "Site address", value: (r) => r.siteAddress },
        { header: "Target pest", value: (r) => r.targetPest },
      ]}
      rows={rows}
      empty={rows.length ? null : t`No chemical use recorded in this range`}
    >
      <ReportTable
        label={t`Chemical application records`}
        regionLabel={t`Chemical use records`}
        maxHeight={320}
        rows={shown}
        rowKey={(r) => r.databaseId}
        columns={[
          { header: <Trans>Date</Trans>, cell: (r) => shortDate(String(r.usedAt), { utc: true }) },
          { header: <Trans>Product</Trans>, cell: (r) => r.product, clip: { width: 200, title: (r) => r.product } },
          {
            header: <Trans>EPA Reg. No.</Trans>,
            cell: (r) =>
              r.epaRegistrationNumber ?? (
                <Typography component="span" variant="body2" color="textDisabled">
                  —
                </Typography>
              ),
          },
          { header: <Trans>Qty</Trans>, align: "right", cell: (r) => `${r.quantity} ${r.unit}` },
          { header: <Trans>Site</Trans>, cell: (r) => r.siteAddress, clip: { width: 200, title: (r) => r.siteAddress } },
          { header: <Trans>Pest</Trans>, cell: (r) => r.targetPest },
          { header: <Trans>Technician</Trans>, cell: (r) => r.technician },
        ]}
      />
    </ReportCard>
  );
}
