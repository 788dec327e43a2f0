import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { graphql, useFragment } from "react-relay";
import type { SpendReports_byCategory$key } from "../../__generated__/SpendReports_byCategory.graphql.ts";
import type { SpendReports_bySupplier$key } from "../../__generated__/SpendReports_bySupplier.graphql.ts";
import { ReportCard } from "./ReportCard.tsx";

/*
 * Issue 16: what purchasing spent in the range. Spend is what was received then, at the unit cost of
 * its purchase-order line: a table per supplier and per category (a phone scrolls it sideways).
 */

/** Spend to the cent (invoices are checked against it), unlike the whole dollars of the stock-value charts. */
const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const formatSpend = (value: number) => cents.format(value / 100);

const tableSx = { "& td, & th": { px: 1 }, "& th": { fontWeight: 700 }, "& td:first-of-type": { wordBreak: "break-word" } } as const;
const spendDescription = (total: number, units: number) =>
  `Received in the range at the order's unit cost: ${formatSpend(total)} for ${units} ${units === 1 ? "unit" : "units"}`;

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
  const total = rows.reduce((s, r) => s + r.spendCents, 0);
  const units = rows.reduce((s, r) => s + r.units, 0);
  return (
    <ReportCard
      title="Spend by supplier"
      description={spendDescription(total, units)}
      columns={[
        { header: "Supplier", value: (r) => r.name },
        { header: "Purchase orders", value: (r) => r.orders },
        { header: "Units received", value: (r) => r.units },
        { header: "Spend (USD)", value: (r) => (r.spendCents / 100).toFixed(2) },
      ]}
      rows={rows}
      empty={rows.length ? null : "Nothing received from suppliers in this range"}
    >
      <TableContainer tabIndex={0} role="region" aria-label="Spend by supplier table" sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Spend by supplier" sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Supplier</TableCell>
              <TableCell align="right">Orders</TableCell>
              <TableCell align="right">Units</TableCell>
              <TableCell align="right">Spend</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.supplierDatabaseId ?? `none-${r.name}`}>
                <TableCell>{r.name}</TableCell>
                <TableCell align="right">{r.orders}</TableCell>
                <TableCell align="right">{r.units}</TableCell>
                <TableCell align="right">{formatSpend(r.spendCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ReportCard>
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
  const total = rows.reduce((s, r) => s + r.spendCents, 0);
  const units = rows.reduce((s, r) => s + r.units, 0);
  return (
    <ReportCard
      title="Spend by category"
      description={spendDescription(total, units)}
      columns={[
        { header: "Category", value: (r) => r.category },
        { header: "Units received", value: (r) => r.units },
        { header: "Spend (USD)", value: (r) => (r.spendCents / 100).toFixed(2) },
      ]}
      rows={rows}
      empty={rows.length ? null : "Nothing received from suppliers in this range"}
    >
      <TableContainer tabIndex={0} role="region" aria-label="Spend by category table" sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Spend by category" sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Category</TableCell>
              <TableCell align="right">Units</TableCell>
              <TableCell align="right">Spend</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.category}>
                <TableCell>{r.category}</TableCell>
                <TableCell align="right">{r.units}</TableCell>
                <TableCell align="right">{formatSpend(r.spendCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ReportCard>
  );
}
