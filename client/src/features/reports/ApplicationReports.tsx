import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";
import { monthYear } from "../../platform/dates.ts";
import { graphql, useFragment } from "react-relay";
import type { ApplicationReports_reports$key } from "../../__generated__/ApplicationReports_reports.graphql.ts";
import { NothingToShow, ReportHeading } from "./ReportCard.tsx";
import { ReportTable } from "./ReportTable.tsx";

/** A month (YYYY-MM) as the user's locale writes it: "Nov 2026". */
const monthLabel = (month: string) => monthYear(`${month}-01T00:00:00Z`, { utc: true });

/** A download the server makes (the session cookie goes with it): a plain link, so the browser saves the file. */
function DownloadLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={href} download aria-label={name} sx={{ whiteSpace: "nowrap" }}>
      {label}
    </Button>
  );
}

/** One download of the section: what it is, and its links. */
function DownloadRow({ title, description, divider, children }: { title: ReactNode; description: ReactNode; divider?: boolean; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={1.5}
      sx={[{ alignItems: { sm: "center" }, justifyContent: "space-between" }, !!divider && { pt: 1, borderTop: 1, borderColor: "divider" }]}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {description}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        {children}
      </Stack>
    </Stack>
  );
}

/**
 * For the inspector (issue 34): over the page's date range, the restricted-use record report with
 * exactly the federal fields (CSV and PDF), the monthly summary per product (table and CSV) and the
 * full application log (CSV), all made by the server (`applicationReports`, /api/applications/…).
 */
export function ApplicationReportsSection({ reports, error }: { reports: ApplicationReports_reports$key | null; error?: string | null }) {
  const headingId = useId();
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment ApplicationReports_reports on ApplicationReports {
        from
        to
        rupRecords {
          applicationDatabaseId
        }
        monthlySummary {
          month
          productName
          epaRegistrationNumber
          restrictedUse
          totalAmount
          unit
          applications
        }
        rupReportCsvUrl
        rupReportPdfUrl
        monthlySummaryCsvUrl
        logCsvUrl
      }
    `,
    reports,
  );
  const rupApplications = new Set(data?.rupRecords.map((r) => r.applicationDatabaseId)).size;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: "flex", flexDirection: "column", gap: 1.5, "&:last-child": { pb: 2 } }}>
        <ReportHeading
          id={headingId}
          title={<Trans>Applications</Trans>}
          description={<Trans>Pesticide application records for the inspector, over the range above (UTC dates).</Trans>}
        />
        {!data ? (
          <Alert severity="error">{error ?? t`The application reports are not available`}</Alert>
        ) : (
          <>
            <DownloadRow
              title={<Trans>Restricted-use record report</Trans>}
              description={
                <>
                  <Trans>The fields of 40 CFR 171.303(b)(7), one row per restricted-use product per application:</Trans>{" "}
                  {data.rupRecords.length === 0
                    ? t`none in this range`
                    : `${plural(data.rupRecords.length, { one: "# row", other: "# rows" })} ${plural(rupApplications, { one: "from # application", other: "from # applications" })}`}
                  .
                </>
              }
            >
              <DownloadLink href={data.rupReportCsvUrl} label="CSV" name={t`Download the restricted-use record report (CSV)`} />
              <DownloadLink href={data.rupReportPdfUrl} label="PDF" name={t`Download the restricted-use record report (PDF)`} />
            </DownloadRow>
            <DownloadRow title={<Trans>Application log</Trans>} description={<Trans>Every product line of every record in the range, with every field.</Trans>}>
              <DownloadLink href={data.logCsvUrl} label="CSV" name={t`Download the application log (CSV)`} />
            </DownloadRow>
            <DownloadRow
              divider
              title={<Trans>Monthly summary by product</Trans>}
              description={<Trans>Total applied in the product&apos;s unit, and how many applications used it.</Trans>}
            >
              <DownloadLink href={data.monthlySummaryCsvUrl} label="CSV" name={t`Download the monthly summary (CSV)`} />
            </DownloadRow>
            {data.monthlySummary.length === 0 ? (
              <NothingToShow text={<Trans>No applications recorded in this range</Trans>} minHeight={80} />
            ) : (
              <ReportTable
                label={t`Monthly summary by product`}
                rows={data.monthlySummary}
                rowKey={(r) => `${r.month} ${r.productName} ${r.epaRegistrationNumber ?? ""} ${r.unit}`}
                columns={[
                  { header: <Trans>Month</Trans>, cell: (r) => monthLabel(r.month) },
                  {
                    header: <Trans>Product</Trans>,
                    clip: { width: 240, title: (r) => r.productName },
                    cell: (r) => (
                      <>
                        {r.productName}
                        {r.restrictedUse && (
                          <Chip size="small" label={t`RUP`} sx={{ ml: 0.75, height: 18, fontSize: 10, fontWeight: 700, color: "#fff", bgcolor: "#6a1b9a" }} />
                        )}
                      </>
                    ),
                  },
                  { header: <Trans>EPA Reg. No.</Trans>, cell: (r) => r.epaRegistrationNumber ?? "—" },
                  { header: <Trans>Total applied</Trans>, align: "right", cell: (r) => `${String(r.totalAmount)} ${r.unit}` },
                  { header: <Trans>Applications</Trans>, align: "right", cell: (r) => r.applications },
                ]}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
