import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import EditIcon from "@mui/icons-material/EditOutlined";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdfOutlined";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { lazy, useState, type ReactNode } from "react";
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import type { ApplicationPageQuery } from "../../__generated__/ApplicationPageQuery.graphql.ts";
import type { ApplicationPage_application$key } from "../../__generated__/ApplicationPage_application.graphql.ts";
import { BackLink, RecordNotFound } from "../../components/DetailPage.tsx";
import { PageDialog } from "../../components/PageDialog.tsx";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { addressText, areaText, methodText, notRecorded, signalText, spanText, unitLabelText, unitText, whenText } from "./format.ts";

const AmendApplicationDialog = lazy(() => import("./AmendApplicationDialog.tsx"));
const AMEND_TITLE_ID = "amend-application-title";

const pageQuery = graphql`
  query ApplicationPageQuery($id: ID!) @preloadable {
    node(id: $id) {
      ... on Application @alias(as: "application") {
        ...ApplicationPage_application
        ...AmendApplicationDialog_application
      }
    }
  }
`;

/** One application record (issue 34): every field ('not recorded' where a migrated record lacks it), its amendments, Amend and the customer copy. */
export default function ApplicationPage() {
  const { t } = useLingui();
  const data = usePreloadedQuery<ApplicationPageQuery>(pageQuery, useRouteQuery<ApplicationPageQuery>());
  const [amending, setAmending] = useState(false);
  const application = data.node?.application;
  if (!application) {
    return <RecordNotFound back={<BackToApplications />}>{t`This application record does not exist, or it is not yours to see.`}</RecordNotFound>;
  }
  return (
    <>
      <Record application={application} onAmend={() => setAmending(true)} />
      <PageDialog open={amending} onClose={() => setAmending(false)} titleId={AMEND_TITLE_ID} loading={t`Amend record`}>
        {amending && <AmendApplicationDialog titleId={AMEND_TITLE_ID} application={application} onDone={() => setAmending(false)} />}
      </PageDialog>
    </>
  );
}

function BackToApplications() {
  const { t } = useLingui();
  return <BackLink to="/applications">{t`All applications`}</BackLink>;
}

function Record({ application, onAmend }: { application: ApplicationPage_application$key; onAmend(): void }) {
  const { t } = useLingui();
  const a = useFragment(
    graphql`
      fragment ApplicationPage_application on Application {
        id
        ...format_visit @relay(mask: false)
        databaseId
        restrictedUse
        late
        applicatorName
        certificationNumber
        certificationState
        supervisorCertificationNumber
        createdAt
        customerCopyUrl
        recordedBy {
          name
        }
        lines {
          id
          productName
          epaRegistrationNumber
          restrictedUse
          signalWord
          amount
          unitLabel
          dilution {
            amount
            unit
            finishedVolume
            finishedUnit
          }
          activeIngredients {
            name
            percent
          }
        }
        amendments {
          databaseId
          createdAt
          reason
          late
          beforeJson
          user {
            name
          }
          changes {
            field
            before
            after
          }
        }
      }
    `,
    application,
  );
  function weatherText(w: { temperatureF?: unknown; windSpeedMph?: unknown; windDirection?: string | null }): string {
    const temperature = w.temperatureF != null ? String(w.temperatureF) : null;
    const speed = w.windSpeedMph != null ? String(w.windSpeedMph) : null;
    const direction = w.windDirection;
    return [temperature !== null && `${temperature} °F`, speed !== null && t`wind ${speed} mph`, direction && t`from ${direction}`].filter(Boolean).join(", ");
  }

  function epaText(number: string | null | undefined): string {
    const epa = number || notRecorded();
    return t`EPA Reg. No. ${epa}`;
  }

  function dilutionText(d: { amount: unknown; unit: string; finishedVolume: unknown; finishedUnit: string }): string {
    const amount = String(d.amount);
    const unit = unitText(d.unit);
    const volume = String(d.finishedVolume);
    const finishedUnit = unitText(d.finishedUnit);
    return t`dilution ${amount} ${unit} per ${volume} ${finishedUnit}`;
  }
  const weather = a.weather ? weatherText(a.weather) : "";
  const licence = (number: string | null | undefined, state?: string | null) =>
    number ? (state ? t`licence ${number} (${state})` : t`licence ${number}`) : t`no licence recorded`;
  const none = t`none`;
  const recordedWhen = whenText(String(a.createdAt));
  const recorder = a.recordedBy.name;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <BackToApplications />
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" }, justifyContent: "space-between" }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
              {a.customerName ?? t`Customer not recorded`}
            </Typography>
            <Typography color="textSecondary">{spanText(String(a.startedAt), a.endedAt ? String(a.endedAt) : null)}</Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
              {a.restrictedUse && <Chip size="small" color="error" label={t`Restricted use`} />}
              {a.late && <Chip size="small" color="warning" label={t({ message: "Late", context: "record made after the deadline" })} />}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" startIcon={<PictureAsPdfIcon />} href={a.customerCopyUrl} target="_blank" rel="noopener">
              {t`Customer copy (PDF)`}
            </Button>
            <Button variant="contained" startIcon={<EditIcon />} onClick={onAmend}>
              {t`Amend`}
            </Button>
          </Stack>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Facts
          rows={[
            [t`Service address`, addressText(a.serviceAddress)],
            [t`Site`, a.siteDescription ?? notRecorded()],
            [t`Area treated`, areaText(a.areaTreated ? { amount: a.areaTreated.amount, unit: a.areaTreated.unit } : null)],
            [t`Target pests`, a.targetPests.length ? a.targetPests.join(", ") : notRecorded()],
            [t`Method`, methodText(a.method)],
            [t`Applicator`, `${a.applicatorName}, ${licence(a.certificationNumber, a.certificationState)}`],
            [t`Supervisor`, a.supervisorName ? `${a.supervisorName}, ${licence(a.supervisorCertificationNumber)}` : none],
            [t`Supervised applicators`, a.supervisedApplicators.length ? a.supervisedApplicators.join(", ") : none],
            [t`Weather`, weather || notRecorded()],
            [t`Notes`, a.notes ?? t({ message: "none", context: "notes" })],
            [t`Recorded`, t`${recordedWhen} by ${recorder}`],
          ]}
        />
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-label={t`Products applied`}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t`Products applied`}
        </Typography>
        <List disablePadding>
          {a.lines.map((l) => (
            <ListItem key={l.id} disableGutters divider>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                      {l.productName}
                    </Typography>
                    <Typography component="span">
                      {String(l.amount)} {unitLabelText(l.unitLabel)}
                    </Typography>
                    {l.restrictedUse && <Chip size="small" color="error" label={t`Restricted use`} />}
                    {l.signalWord && <Chip size="small" variant="outlined" label={signalText(l.signalWord)} />}
                  </Stack>
                }
                secondary={[
                  epaText(l.epaRegistrationNumber),
                  l.activeIngredients.length ? l.activeIngredients.map((i) => `${i.name} ${String(i.percent)}%`).join(", ") : null,
                  l.dilution ? dilutionText(l.dilution) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
        </List>
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-label={t`Amendments`}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t`Amendments`}
        </Typography>
        {a.amendments.length === 0 ? (
          <Typography color="textSecondary">{t`None: this is the record as first made.`}</Typography>
        ) : (
          <Stack spacing={1.5}>
            {a.amendments.map((m, i) => (
              <Box key={m.databaseId} component="article" aria-label={t`Amendment ${i + 1}`}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
                  <Typography sx={{ fontWeight: 600 }}>
                    {whenText(String(m.createdAt))} · {m.user.name}
                  </Typography>
                  {m.late && <Chip size="small" color="warning" label={t({ message: "Late", context: "record made after the deadline" })} />}
                </Stack>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {t`Why: ${m.reason}`}
                </Typography>
                <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                  {m.changes.map((c, j) => (
                    <Typography component="li" variant="body2" key={j} sx={{ overflowWrap: "anywhere" }}>
                      {c.field}: {c.before} → {c.after}
                    </Typography>
                  ))}
                </Box>
                <Accordion disableGutters variant="outlined" sx={{ mt: 0.5 }}>
                  <AccordionSummary>
                    <Typography variant="body2">{i === 0 ? t`The original record` : t`The record before this amendment`}</Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Snapshot json={m.beforeJson} />
                  </AccordionDetails>
                </Accordion>
              </Box>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const missing = notRecorded();
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "200px 1fr" }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ mt: { xs: 1, sm: 0 }, fontSize: { xs: 12, sm: 14 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              overflowWrap: "anywhere",
              color: value === missing ? "text.secondary" : undefined,
              fontStyle: value === missing ? "italic" : undefined,
            }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The fields of a record as it stood (an amendment's `beforeJson`), in the page's order and words. */
const SNAPSHOT_FIELDS: [string, MessageDescriptor, ((v: unknown) => string)?][] = [
  ["customerName", msg`Customer`],
  ["street", msg`Street`],
  ["city", msg`City`],
  ["state", msg`State`],
  ["zip", msg`ZIP`],
  ["siteDescription", msg`Site`],
  ["startedAt", msg`Started`, (v) => whenText(String(v))],
  ["endedAt", msg`Ended`, (v) => whenText(String(v))],
  ["targetPests", msg`Target pests`],
  ["method", msg`Method`, (v) => methodText(String(v))],
  ["applicatorName", msg`Applicator`],
  ["certificationNumber", msg`Licence`],
  ["supervisorName", msg`Supervisor`],
  ["supervisedApplicators", msg`Supervised applicators`],
  ["temperatureF", msg`Temperature °F`],
  ["windSpeedMph", msg`Wind mph`],
  ["windDirection", msg`Wind from`],
  ["notes", msg`Notes`],
];
const shown = (v: unknown): string =>
  v === null || v === undefined || v === "" ? notRecorded() : Array.isArray(v) ? v.map(shown).join(", ") || notRecorded() : String(v);

/** A record as it stood before an amendment (the amendment's `beforeJson`), field by field. */
function Snapshot({ json }: { json: string }) {
  const { t, i18n } = useLingui();
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return <Typography variant="body2">{json}</Typography>;
  }
  const lines = Array.isArray(record.lines) ? (record.lines as Record<string, unknown>[]) : [];
  const area = record.areaAmount != null ? areaText({ amount: record.areaAmount, unit: String(record.areaUnit) }) : notRecorded();
  const rows: [string, ReactNode][] = SNAPSHOT_FIELDS.map(([key, label, format]) => [
    i18n._(label),
    record[key] == null || record[key] === "" || !format ? shown(record[key]) : format(record[key]),
  ]);
  rows.splice(6, 0, [t`Area treated`, area]);
  return (
    <Facts
      rows={[
        ...rows,
        ...lines.map((l, i) => [t`Product ${i + 1}`, `${shown(l.productName)} ${shown(l.amount)} ${unitText(shown(l.unit))}`] as [string, ReactNode]),
      ]}
    />
  );
}
