import DownloadIconMui from "@mui/icons-material/Download";
import { Trans } from "@lingui/react/macro";
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from "react";
import { CardButton } from "../../components/CardButton.tsx";
import { useCardSheet } from "../../components/cardParts.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { useSheet } from "../../components/sheet.ts";
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

const DownloadIcon = plainIcon(DownloadIconMui);

/**
 * The reports' cards as plain elements, classes from sheets written once (components/cardParts.tsx, and the
 * report's own below): the same look as MUI's outlined Card, CardContent, Stack, Typography and Button, without
 * their per-render style work, fourteen times on the page.
 * - `tl-report` (the card, as tall as its cell, a column), `tl-report-body` (its content: a column, 8px apart)
 * - `tl-report-nothing` (the tinted place of a report with nothing to show)
 */
function useReportSheet(): void {
  useCardSheet();
  useSheet("report-card", ({ palette, shape }) => [
    `.tl-report{height:100%;display:flex;flex-direction:column;box-sizing:border-box}`,
    `.tl-report-body{flex:1;display:flex;flex-direction:column;gap:8px}`,
    `.tl-report-nothing{display:grid;place-items:center;color:${palette.text.secondary};background-color:${palette.action.hover};border-radius:${Number(shape.borderRadius) * 2}px}`,
  ]);
}

/** A report's heading (its card is labelled by `id`) and what it shows, in a line or two. */
export function ReportHeading({ id, title, description }: { id: string; title: ReactNode; description?: ReactNode }) {
  useReportSheet();
  return (
    <div className="tl-grow">
      <h2 id={id} className="tl-t tl-subtitle1 tl-card-title">
        {title}
      </h2>
      {description && <p className="tl-t tl-caption tl-secondary">{description}</p>}
    </div>
  );
}

/** Stands where a report's chart or table would be when the range has nothing for it. */
export function NothingToShow({ text, minHeight, fill }: { text: ReactNode; minHeight: number; fill?: boolean }) {
  useReportSheet();
  return (
    <div className="tl-report-nothing" style={{ flex: fill ? 1 : undefined, minHeight }}>
      <p className="tl-t tl-body2">{text}</p>
    </div>
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
  useReportSheet();
  return (
    <section className="tl-card tl-report" aria-labelledby={headingId}>
      <div className="tl-card-body tl-report-body">
        <div className="tl-head">
          <ReportHeading id={headingId} title={title} description={description} />
          <CardButton
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => downloadCsv(csvFileName(file, range.from, range.to), toCsv(columns, rows))}
            className="tl-nowrap"
          >
            <Trans>Export CSV</Trans>
          </CardButton>
        </div>
        {aside}
        {empty ? (
          <NothingToShow text={empty} minHeight={160} fill />
        ) : (
          <div className="tl-grow">
            <RevealedReport>{children}</RevealedReport>
          </div>
        )}
      </div>
    </section>
  );
}
