import DownloadIcon from "@mui/icons-material/Download";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { Trans } from "@lingui/react/macro";
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from "react";
import { csvFileBytes, csvFileName, toCsv, type CsvColumn } from "./csv.ts";
import type { ReportRange } from "./range.ts";
import { ReportReveal, ReportRevealContext, RevealedReport } from "./reveal.tsx";

/** The range every report on the page shows; used for headings and CSV file names. */
export const ReportRangeContext = createContext<ReportRange>({ from: "", to: "", interval: "DAY" });
export const useReportRange = () => useContext(ReportRangeContext);

/** What the page's reports share: their range, and their turns to render (reveal.tsx). */
export function ReportsProvider({ range, children }: { range: ReportRange; children: ReactNode }) {
  const [reveal] = useState(() => new ReportReveal());
  useEffect(() => reveal.printsWhole(), [reveal]);
  return (
    <ReportRangeContext.Provider value={range}>
      <ReportRevealContext.Provider value={reveal}>{children}</ReportRevealContext.Provider>
    </ReportRangeContext.Provider>
  );
}

/** Saves the CSV as a UTF-8 file with a byte-order mark. */
export function downloadCsv(fileName: string, csv: string) {
  const blob = new Blob([csvFileBytes(csv)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A report's heading (its card is labelled by `id`) and what it shows, in a line or two. */
export function ReportHeading({ id, title, description }: { id: string; title: ReactNode; description?: ReactNode }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="caption" color="textSecondary" component="p">
          {description}
        </Typography>
      )}
    </Box>
  );
}

/** Stands where a report's chart or table would be when the range has nothing for it. */
export function NothingToShow({ text, minHeight, fill }: { text: ReactNode; minHeight: number; fill?: boolean }) {
  return (
    <Box
      sx={{ flex: fill ? 1 : undefined, minHeight, display: "grid", placeItems: "center", color: "text.secondary", bgcolor: "action.hover", borderRadius: 2 }}
    >
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

type Props<Row> = {
  /** The heading, in the reader's language. */
  title: string;
  /** The English title the CSV file is named after (the file name is the same in every language). */
  file: string;
  description?: string;
  /** The table behind the chart: what "Export CSV" downloads. */
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
  /** Shown instead of the chart when there is nothing to show. */
  empty?: string | null;
  /** A figure shown beside the title (e.g. a median). */
  aside?: ReactNode;
  children: ReactNode;
};

/** One report: a titled section with its chart and an 'Export CSV' button for its table. */
export function ReportCard<Row>({ title, file, description, columns, rows, empty, aside, children }: Props<Row>) {
  const headingId = useId();
  const range = useReportRange();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ flex: 1, display: "flex", flexDirection: "column", gap: 1, "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <ReportHeading id={headingId} title={title} description={description} />
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => downloadCsv(csvFileName(file, range.from, range.to), toCsv(columns, rows))}
            sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
          >
            <Trans>Export CSV</Trans>
          </Button>
        </Stack>
        {aside}
        {empty ? (
          <NothingToShow text={empty} minHeight={160} fill />
        ) : (
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <RevealedReport>{children}</RevealedReport>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
