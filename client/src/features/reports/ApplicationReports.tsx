import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { activeLocale } from "../../platform/locales/load.ts";
import { graphql, useFragment } from "react-relay";
import type { ApplicationReports_reports$key } from "../../__generated__/ApplicationReports_reports.graphql.ts";

/** A month (YYYY-MM) as the user's locale writes it: "Nov 2026". */
const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString(activeLocale(), { month: "short", year: "numeric", timeZone: "UTC" });

/** A download the server makes (the session cookie goes with it): a plain link, so the browser saves the file. */
function DownloadLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={href} download aria-label={name} sx={{ whiteSpace: "nowrap" }}>
      {label}
    </Button>
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
        <Box>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            <Trans>Applications</Trans>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            <Trans>Pesticide application records for the inspector, over the range above (UTC dates).</Trans>
          </Typography>
        </Box>
        {!data ? (
          <Alert severity="error">{error ?? t`The application reports are not available`}</Alert>
        ) : (
          <>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <Trans>Restricted-use record report</Trans>
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <Trans>The fields of 40 CFR 171.303(b)(7), one row per restricted-use product per application:</Trans>{" "}
                  {data.rupRecords.length === 0
                    ? t`none in this range`
                    : `${plural(data.rupRecords.length, { one: "# row", other: "# rows" })} ${plural(rupApplications, { one: "from # application", other: "from # applications" })}`}
                  .
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <DownloadLink href={data.rupReportCsvUrl} label="CSV" name={t`Download the restricted-use record report (CSV)`} />
                <DownloadLink href={data.rupReportPdfUrl} label="PDF" name={t`Download the restricted-use record report (PDF)`} />
              </Stack>
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <Trans>Application log</Trans>
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <Trans>Every product line of every record in the range, with every field.</Trans>
                </Typography>
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                <DownloadLink href={data.logCsvUrl} label="CSV" name={t`Download the application log (CSV)`} />
              </Box>
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", pt: 1, borderTop: 1, borderColor: "divider" }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <Trans>Monthly summary by product</Trans>
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <Trans>Total applied in the product&apos;s unit, and how many applications used it.</Trans>
                </Typography>
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                <DownloadLink href={data.monthlySummaryCsvUrl} label="CSV" name={t`Download the monthly summary (CSV)`} />
              </Box>
            </Stack>
            {data.monthlySummary.length === 0 ? (
              <Box sx={{ minHeight: 80, display: "grid", placeItems: "center", color: "text.secondary", bgcolor: "action.hover", borderRadius: 2 }}>
                <Typography variant="body2">
                  <Trans>No applications recorded in this range</Trans>
                </Typography>
              </Box>
            ) : (
              // Scrolls on its own (both ways on a phone), so it takes focus for keyboard scrolling and has a name.
              <TableContainer tabIndex={0} role="region" aria-label={t`Monthly summary by product`} sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label={t`Monthly summary by product`} sx={{ "& td, & th": { px: 1, whiteSpace: "nowrap" } }}>
                  <TableHead>
                    <TableRow sx={{ "& th": { fontWeight: 700 } }}>
                      <TableCell>
                        <Trans>Month</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>Product</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>EPA Reg. No.</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Total applied</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Applications</Trans>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.monthlySummary.map((r) => (
                      <TableRow key={`${r.month} ${r.productName} ${r.epaRegistrationNumber ?? ""} ${r.unit}`}>
                        <TableCell>{monthLabel(r.month)}</TableCell>
                        <TableCell sx={{ maxWidth: 240, overflow: "hidden", textOverflow: "ellipsis" }} title={r.productName}>
                          {r.productName}
                          {r.restrictedUse && <Chip size="small" label={t`RUP`} sx={{ ml: 0.75, height: 18, fontSize: 10, fontWeight: 700, color: "#fff", bgcolor: "#6a1b9a" }} />}
                        </TableCell>
                        <TableCell>{r.epaRegistrationNumber ?? "—"}</TableCell>
                        <TableCell align="right">
                          {String(r.totalAmount)} {r.unit}
                        </TableCell>
                        <TableCell align="right">{r.applications}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
