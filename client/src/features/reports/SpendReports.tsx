import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import { formatCents } from "../../platform/money.ts";
import type { CsvColumn } from "./csv.ts";
import type { SpendReports_byCategory$key } from "../../__generated__/SpendReports_byCategory.graphql.ts";
import type { SpendReports_bySupplier$key } from "../../__generated__/SpendReports_bySupplier.graphql.ts";
import { ReportCard } from "./ReportCard.tsx";
import { ReportTable } from "./ReportTable.tsx";

/*
 * Issue 16: what purchasing spent in the range. Spend is what was received then, at the unit cost of
 * its purchase-order line: a table per supplier and per category (a phone scrolls it sideways).
 */

/** One spend report: the card with its CSV, and a sticky-header table of the rows with their spend. */
function SpendReport<Row extends { units: number; spendCents: number }>(props: {
  title: string;
  /** The English title the CSV file is named after. */
  file: string;
  /** The name column ("Supplier", "Category") on screen and in the CSV (English), and the row's value in it. */
  nameHeader: string;
  csvNameHeader: string;
  name(row: Row): string;
  rowKey(row: Row): string;
  /** Columns between the name and the units (the supplier's order count). */
  extra?: { header: string; csvHeader: string; value(row: Row): number }[];
  rows: readonly Row[];
}) {
  const { title, file, nameHeader, csvNameHeader, name, rowKey, extra = [], rows } = props;
  const { t } = useLingui();
  // Spend to the cent (invoices are checked against it), unlike the whole dollars of the stock-value charts.
  const spent = formatCents(rows.reduce((s, r) => s + r.spendCents, 0));
  const units = rows.reduce((s, r) => s + r.units, 0);
  const columns: CsvColumn<Row>[] = [
    { header: csvNameHeader, value: name },
    ...extra.map((c) => ({ header: c.csvHeader, value: c.value })),
    { header: "Units received", value: (r) => r.units },
    { header: "Spend (USD)", value: (r) => (r.spendCents / 100).toFixed(2) },
  ];
  return (
    <ReportCard
      title={title}
      file={file}
      description={plural(units, {
        one: `Received in the range at the order's unit cost: ${spent} for # unit`,
        other: `Received in the range at the order's unit cost: ${spent} for # units`,
      })}
      columns={columns}
      rows={rows}
      empty={rows.length ? null : t`Nothing received from suppliers in this range`}
    >
      <ReportTable
        label={title}
        regionLabel={t`${title} table`}
        wrapName
        rows={rows}
        rowKey={rowKey}
        columns={[
          { header: nameHeader, cell: name },
          ...extra.map((c) => ({ header: c.header, align: "right" as const, cell: c.value })),
          { header: t`Units`, align: "right", cell: (r) => r.units },
          { header: t`Spend`, align: "right", cell: (r) => formatCents(r.spendCents) },
        ]}
      />
    </ReportCard>
  );
}

export function SpendBySupplierReport({ reports }: { reports: SpendReports_bySupplier$key }) {
  const { spendBySupplier: rows } = useFragment(
    graphql`
      fragment SpendReports_bySupplier on Reports {
        spendBySupplier {
          supplierDatabaseId
          name
          orders
          units
          spendCents
        }
      }
    `,
    reports,
  );
  const { t } = useLingui();
  return (
    <SpendReport
      title={t`Spend by supplier`}
      file="Spend by supplier"
      nameHeader={t`Supplier`}
      csvNameHeader="Supplier"
      name={(r) => r.name}
      rowKey={(r) => String(r.supplierDatabaseId ?? `none-${r.name}`)}
      extra={[{ header: t`Orders`, csvHeader: "Purchase orders", value: (r) => r.orders }]}
      rows={rows}
    />
  );
}

export function SpendByCategoryReport({ reports }: { reports: SpendReports_byCategory$key }) {
  const { spendByCategory: rows } = useFragment(
    graphql`
      fragment SpendReports_byCategory on Reports {
        spendByCategory {
          category
          units
          spendCents
        }
      }
    `,
    reports,
  );
  const { t } = useLingui();
  return <SpendReport title={t`Spend by category`} file="Spend by category" nameHeader={t`Category`} csvNameHeader="Category" name={(r) => r.category} rowKey={(r) => r.category} rows={rows} />;
}
