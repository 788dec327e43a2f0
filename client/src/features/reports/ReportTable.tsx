import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { ReactNode } from "react";

export type ReportColumn<Row> = {
  header: ReactNode;
  cell(row: Row): ReactNode;
  align?: "right";
  /** A long text cut at this width with an ellipsis, the whole of it in the cell's tooltip. */
  clip?: { width: number; title(row: Row): string };
};

const nowrapSx = { "& td, & th": { px: 1, whiteSpace: "nowrap" }, "& th": { fontWeight: 700 } } as const;
const wrapNameSx = { "& td, & th": { px: 1 }, "& th": { fontWeight: 700 }, "& td:first-of-type": { wordBreak: "break-word" } } as const;

/**
 * A report's table: a sticky header over its rows. It scrolls on its own (both ways on a phone), so it
 * takes focus for keyboard scrolling and has a name (`regionLabel`, the table's `label` unless told).
 */
export function ReportTable<Row>(props: {
  label: string;
  regionLabel?: string;
  maxHeight?: number;
  /** The first column (a name) wraps; by default no cell does. */
  wrapName?: boolean;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
}) {
  const { label, regionLabel = label, maxHeight = 360, wrapName, columns, rows, rowKey } = props;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={regionLabel} sx={{ maxHeight }}>
      <Table size="small" stickyHeader aria-label={label} sx={wrapName ? wrapNameSx : nowrapSx}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={i} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)}>
              {columns.map(({ align, cell, clip }, i) => (
                <TableCell key={i} align={align} sx={clip && { maxWidth: clip.width, overflow: "hidden", textOverflow: "ellipsis" }} title={clip?.title(r)}>
                  {cell(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
