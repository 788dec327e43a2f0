import AddIcon from "@mui/icons-material/Add";
import FactCheckIcon from "@mui/icons-material/FactCheckOutlined";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import StopIcon from "@mui/icons-material/Stop";
import { Alert, AlertTitle, Box, Button, Card, CardContent, CardHeader, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Grid, IconButton, List, ListItem, Stack, TextField, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState, type FormEvent } from "react";
import { shortDateTime } from "../../platform/dates.ts";
import { graphql, useFragment, useMutation, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { CountPageQuery } from "../../__generated__/CountPageQuery.graphql.ts";
import type { CountPage_count$key } from "../../__generated__/CountPage_count.graphql.ts";
import type { CountPageStartMutation } from "../../__generated__/CountPageStartMutation.graphql.ts";
import type { CountPageRecordMutation } from "../../__generated__/CountPageRecordMutation.graphql.ts";
import type { CountPageCompleteMutation } from "../../__generated__/CountPageCompleteMutation.graphql.ts";
import type { CountPageAbandonMutation } from "../../__generated__/CountPageAbandonMutation.graphql.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { useToast } from "../../platform/toast.tsx";
import { AccessDenied } from "../../components/AccessDenied.tsx";
import { CameraViewport } from "../../components/scanner/CameraViewport.tsx";
import { findStockItem, useOneByOneScanner } from "../../components/scanner/stockItemScan.ts";
// The form kit first: it tells zod not to compile parsers with eval, which the CSP refuses.
import "../../components/form/fields.tsx";
import { countedQuantityInput } from "../../../../schemas/stock.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useScreenBelow } from "../../components/useScreenBelow.ts";


const pageQuery = graphql`
  query CountPageQuery($id: ID!) @preloadable {
    location: node(id: $id) {
      ... on StockLocation {
        id
        name
        kind
        archived
        holder {
          id
        }
        openCount {
          id
          ...CountPage_count
        }
      }
    }
  }
`;

type Finished = { status: "COMPLETED" | "ABANDONED"; changes: { name: string; variance: number; unit: string }[] };

/**
 * Count a location on the phone: start a count (or resume the open one), scan items one after
 * another (each scan adds one; the number can be typed), see expected against counted, then Finish,
 * which lists the variances before they are applied, or Abandon. Managers count any location; an
 * employee only the vehicle they hold.
 */
export default function CountPage() {
  const data = usePreloadedQuery<CountPageQuery>(pageQuery, useRouteQuery<CountPageQuery>());
  const { t } = useLingui();
  const { viewer, isManager } = useSession();
  const [finished, setFinished] = useState<Finished | null>(null);
  const location = data.location;
  if (!location?.name) return <AccessDenied text={t`This stock location does not exist.`} />;
  if (!isManager && !(location.kind === "VEHICLE" && location.holder?.id === viewer.id))
    return <AccessDenied text={t`You can count only the vehicle you hold. Managers can count any location.`} />;

  return (
    <Stack spacing={2} sx={{ maxWidth: location.openCount ? 1200 : 720, mx: "auto" }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        <Trans>Count: {location.name}</Trans>
      </Typography>
      {finished && <FinishedCard finished={finished} isVehicle={location.kind === "VEHICLE" && location.holder?.id === viewer.id} />}
      {location.openCount ? (
        <CountSession count={location.openCount} onFinished={setFinished} />
      ) : (
        <StartCount locationId={location.id!} name={location.name} archived={Boolean(location.archived)} again={Boolean(finished)} onStarted={() => setFinished(null)} />
      )}
    </Stack>
  );
}

function FinishedCard({ finished, isVehicle }: { finished: Finished; isVehicle: boolean }) {
  const { t } = useLingui();
  const done = finished.status === "COMPLETED";
  return (
    <Alert severity={done ? "success" : "info"} role="status">
      <AlertTitle>{done ? t`Count completed` : t`Count abandoned`}</AlertTitle>
      {done
        ? finished.changes.length
          ? finished.changes.map((c) => <div key={c.name}>{`${c.name}: ${signed(c.variance)} ${c.unit}`}</div>)
          : t`No differences: stock was as expected.`
        : t`Nothing was changed.`}
      {isVehicle && (
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to="/truck" size="small">
            <Trans>Back to My Truck</Trans>
          </Button>
        </Box>
      )}
    </Alert>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

function StartCount({ locationId, name, archived, again, onStarted }: { locationId: string; name: string; archived: boolean; again: boolean; onStarted(): void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [commit, pending] = useMutation<CountPageStartMutation>(graphql`
    mutation CountPageStartMutation($input: StartStockCountInput!) {
      startStockCount(input: $input) {
        __typename
        ... on StartStockCountPayload {
          count {
            id
            location {
              id
              openCount {
                id
                ...CountPage_count
              }
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const start = () => {
    setError(null);
    commit({
      variables: { input: { locationId } },
      onCompleted: (d) => {
        const r = d.startStockCount;
        if (r.__typename === "StartStockCountPayload") {
          onStarted();
          return;
        }
        setError(r.message ?? t`Failed to start the count`);
        toast({ title: t`Error`, description: r.message ?? t`Failed to start the count`, variant: "destructive" });
      },
      onError: () => setError(t`Failed to start the count`),
    });
  };
  return (
    <Card>
      <CardContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {again
            ? t`Start another count of ${name} when you need one.`
            : t`Counting takes what the system expects at ${name} now; then scan each item, or type how many there are. Nothing changes until you finish.`}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Button variant="contained" fullWidth size="large" startIcon={<FactCheckIcon />} onClick={start} disabled={pending || archived}>
          {pending ? t`Starting...` : t`Start count`}
        </Button>
      </CardContent>
    </Card>
  );
}

const countFragment = graphql`
  fragment CountPage_count on StockCount {
    id
    status
    startedAt
    lines {
      expectedQuantity
      countedQuantity
      item {
        id
        name
        unit
      }
    }
  }
`;

function CountSession({ count: countKey, onFinished }: { count: CountPage_count$key; onFinished(f: Finished): void }) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const { toast } = useToast();
  const count = useFragment(countFragment, countKey);
  const [message, setMessage] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const [code, setCode] = useState("");
  const [reviewing, setReviewing] = useState(false);
  const [abandoning, setAbandoning] = useState(false);

  const [commitRecord] = useMutation<CountPageRecordMutation>(graphql`
    mutation CountPageRecordMutation($input: RecordStockCountInput!) {
      recordStockCount(input: $input) {
        __typename
        ... on RecordStockCountPayload {
          line {
            countedQuantity
            item {
              name
              unit
            }
          }
          count {
            ...CountPage_count
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  /** Records one item: `add` units more (a scan), or the number counted. */
  const record = (itemId: string, change: { add: number } | { countedQuantity: number }) =>
    new Promise<boolean>((resolve) =>
      commitRecord({
        variables: { input: { countId: count.id, itemId, ...change } },
        onCompleted: (d) => {
          const r = d.recordStockCount;
          if (r.__typename === "RecordStockCountPayload" && r.line) {
            const l = r.line;
            const item = l.item.name;
            const now = l.countedQuantity;
            const unit = l.item.unit;
            setMessage({ severity: "success", text: "add" in change ? t`Added 1 × ${item}: counted ${now} ${unit}` : t`Set ${item}: counted ${now} ${unit}` });
            resolve(true);
          } else {
            setMessage({ severity: "error", text: r.message ?? t`Failed to record the count` });
            resolve(false);
          }
        },
        onError: () => {
          setMessage({ severity: "error", text: t`Failed to record the count` });
          resolve(false);
        },
      }),
    );

  /** A code (scanned or typed) → the inventory item → one more counted. */
  const countCode = async (value: string) => {
    const found = await findStockItem(environment, value);
    if ("id" in found) return record(found.id, { add: 1 });
    setMessage({ severity: "error", text: found.problem });
    return false;
  };

  // Scans one after another with the camera running. The same code again counts once it has been out of view a moment.
  const { camera, enqueue } = useOneByOneScanner(countCode);
  const scanning = camera.status !== "idle";

  const typed = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return;
    setCode("");
    enqueue(value);
  };

  const counted = count.lines.filter((l) => l.countedQuantity !== null);
  const startedAt = shortDateTime(count.startedAt as string);

  // Phone: scanner, lines and actions one under the other; wider: the scanner beside the lines.
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card component="section" aria-label={t`Scanner`} sx={{ position: { md: "sticky" }, top: { md: 88 } }}>
          <CardContent>
            <CameraViewport videoRef={camera.videoRef} status={camera.status} hint={t`Scan each item's label or barcode`} />
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              {scanning ? (
                <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={camera.stop} fullWidth>
                  <Trans>Stop Scanning</Trans>
                </Button>
              ) : (
                <Button variant="contained" startIcon={<QrCodeScannerIcon />} onClick={() => void camera.start()} fullWidth>
                  <Trans>Start Scanning</Trans>
                </Button>
              )}
            </Stack>
            {camera.error && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                <Trans>{camera.error}. Type the code below instead.</Trans>
              </Alert>
            )}
            <Box component="form" onSubmit={typed} noValidate sx={{ mt: 1.5 }}>
              <Stack direction="row" spacing={1}>
                <TextField size="small" label={t`Enter code`} value={code} onChange={(e) => setCode(e.target.value)} fullWidth autoComplete="off" />
                <Button type="submit" variant="outlined" sx={{ flexShrink: 0 }}>
                  <Trans>Add</Trans>
                </Button>
              </Stack>
            </Box>
            <Box aria-live="polite" sx={{ mt: message ? 1.5 : 0 }}>
              {message && <Alert severity={message.severity}>{message.text}</Alert>}
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2}>
          <Card component="section" aria-labelledby="count-lines-title">
            <CardHeader
              title={t`Expected and counted`}
              subheader={`${plural(count.lines.length, { one: `${counted.length} of # item counted`, other: `${counted.length} of # items counted` })} · ${t`started ${startedAt}`}`}
              slotProps={{ title: { id: "count-lines-title", variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }}
            />
            <CardContent sx={{ pt: 0 }}>
              {count.lines.length === 0 ? (
                <Typography color="textSecondary">
                  <Trans>Nothing is expected here. Scan what you find.</Trans>
                </Typography>
              ) : (
                <List disablePadding aria-label={t`Count lines`}>
                  {count.lines.map((l) => (
                    <CountLine key={l.item.id} line={l} onSet={(n) => record(l.item.id, { countedQuantity: n })} onAdd={() => record(l.item.id, { add: 1 })} />
                  ))}
                </List>
              )}
            </CardContent>
          </Card>

          {/* Not sticky: on a phone the Quick Actions button floats at the bottom right. */}
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" color="error" onClick={() => setAbandoning(true)} sx={{ flex: 1 }}>
              <Trans>Abandon</Trans>
            </Button>
            <Button variant="contained" onClick={() => (camera.stop(), setReviewing(true))} sx={{ flex: 2 }}>
              <Trans>Finish</Trans>
            </Button>
          </Stack>
        </Stack>
      </Grid>

      {reviewing && (
        <FinishDialog
          count={count}
          onClose={() => setReviewing(false)}
          onDone={(f) => {
            setReviewing(false);
            onFinished(f);
            toast({ title: t`Count completed`, description: f.changes.length ? plural(f.changes.length, { one: "# stock change applied", other: "# stock changes applied" }) : t`No differences`, variant: "success" });
          }}
        />
      )}
      {abandoning && (
        <AbandonDialog
          countId={count.id}
          onClose={() => setAbandoning(false)}
          onDone={() => {
            camera.stop();
            setAbandoning(false);
            onFinished({ status: "ABANDONED", changes: [] });
          }}
        />
      )}
    </Grid>
  );
}

type Line = CountSessionLine;
type CountSessionLine = { readonly expectedQuantity: number; readonly countedQuantity: number | null | undefined; readonly item: { readonly id: string; readonly name: string; readonly unit: string } };

/** One item: what is expected, what was counted (typed or scanned), and the difference so far. */
function CountLine({ line, onSet, onAdd }: { line: Line; onSet(n: number): Promise<boolean>; onAdd(): Promise<boolean> }) {
  const { t } = useLingui();
  const shown = line.countedQuantity == null ? "" : String(line.countedQuantity);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // A scan (or the server) changed the number: show it, unless the user is typing another.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  const save = () => {
    setEditing(false);
    if (text === shown) return;
    if (text.trim() === "") {
      setText(shown);
      return;
    }
    const parsed = countedQuantityInput.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t`Enter a number`);
      return;
    }
    setError(null);
    void onSet(parsed.data!);
  };
  const variance = line.countedQuantity == null ? null : line.countedQuantity - line.expectedQuantity;
  return (
    <ListItem divider disableGutters sx={{ gap: 1, alignItems: "flex-start", flexWrap: "wrap" }} aria-label={line.item.name}>
      <Box sx={{ flex: "1 1 140px", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{line.item.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          <Trans>
            Expected {line.expectedQuantity} {line.item.unit}
          </Trans>
        </Typography>
        {variance !== null && (
          <Chip
            size="small"
            sx={{ mt: 0.5 }}
            color={variance === 0 ? "success" : "warning"}
            label={variance === 0 ? t`Matches` : `${signed(variance)} ${line.item.unit}`}
            aria-label={variance === 0 ? t`Matches` : t`Difference ${signed(variance)}`}
          />
        )}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-start", flexShrink: 0 }}>
        <TextField
          size="small"
          type="number"
          label={t`Counted`}
          value={text}
          onFocus={() => setEditing(true)}
          onChange={(e) => setText(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              (e.target as HTMLInputElement).blur();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { min: 0, inputMode: "numeric", "aria-label": t`Counted ${line.item.name}` } }}
          sx={{ width: 104 }}
        />
        <IconButton aria-label={t`Add one ${line.item.name}`} onClick={() => void onAdd()} sx={{ border: 1, borderColor: "divider" }}>
          <AddIcon />
        </IconButton>
      </Stack>
    </ListItem>
  );
}

type CountData = { readonly id: string; readonly lines: readonly Line[] };

/** Finish: the variances listed before they are applied (completeStockCount). */
function FinishDialog({ count, onClose, onDone }: { count: CountData; onClose(): void; onDone(f: Finished): void }) {
  const { t } = useLingui();
  const phone = useScreenBelow("sm");
  const [error, setError] = useState<string | null>(null);
  const [commit, pending] = useMutation<CountPageCompleteMutation>(graphql`
    mutation CountPageCompleteMutation($input: CompleteStockCountInput!) {
      completeStockCount(input: $input) {
        __typename
        ... on CompleteStockCountPayload {
          count {
            id
            status
            lines {
              variance
              item {
                id
                name
                unit
                quantity
                stockStatus
              }
            }
            location {
              id
              openCount {
                id
              }
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const counted = count.lines.filter((l) => l.countedQuantity != null);
  const changes = counted.filter((l) => l.countedQuantity !== l.expectedQuantity);
  const uncounted = count.lines.filter((l) => l.countedQuantity == null);
  const apply = () => {
    setError(null);
    commit({
      variables: { input: { countId: count.id } },
      onCompleted: (d) => {
        const r = d.completeStockCount;
        if (r.__typename === "CompleteStockCountPayload" && r.count) {
          onDone({
            status: "COMPLETED",
            changes: r.count.lines.filter((l) => l.variance != null && l.variance !== 0).map((l) => ({ name: l.item.name, unit: l.item.unit, variance: l.variance! })),
          });
        } else setError(r.message ?? t`Failed to complete the count`);
      },
      onError: () => setError(t`Failed to complete the count`),
    });
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="finish-count-title">
      <DialogTitle id="finish-count-title">
        <Trans>Finish the count</Trans>
      </DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {counted.length === 0 ? (
          <DialogContentText>
            <Trans>Nothing was counted, so nothing will change.</Trans>
          </DialogContentText>
        ) : changes.length === 0 ? (
          <DialogContentText>
            {plural(counted.length, { one: "The counted item matches what was expected: nothing will change.", other: "All # counted items match what was expected: nothing will change." })}
          </DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ mb: 1 }}>
              <Trans>These differences will be applied to the stock:</Trans>
            </DialogContentText>
            <List dense aria-label={t`Variances`} disablePadding>
              {changes.map((l) => (
                <ListItem key={l.item.id} divider disableGutters sx={{ gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{l.item.name}</Typography>
                    <Typography variant="body2" color="textSecondary">
                      <Trans>
                        Expected {l.expectedQuantity}, counted {l.countedQuantity}
                      </Trans>
                    </Typography>
                  </Box>
                  <Chip color="warning" label={`${signed(l.countedQuantity! - l.expectedQuantity)} ${l.item.unit}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {uncounted.length > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            <Trans>Not counted, left as they are: {uncounted.map((l) => l.item.name).join(", ")}</Trans>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={pending}>
          <Trans>Keep counting</Trans>
        </Button>
        <Button variant="contained" onClick={apply} disabled={pending}>
          {pending ? t`Applying...` : changes.length ? plural(changes.length, { one: "Apply # change", other: "Apply # changes" }) : t`Complete count`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AbandonDialog({ countId, onClose, onDone }: { countId: string; onClose(): void; onDone(): void }) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [commit, pending] = useMutation<CountPageAbandonMutation>(graphql`
    mutation CountPageAbandonMutation($input: AbandonStockCountInput!) {
      abandonStockCount(input: $input) {
        __typename
        ... on AbandonStockCountPayload {
          count {
            id
            status
            location {
              id
              openCount {
                id
              }
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const abandon = () =>
    commit({
      variables: { input: { countId } },
      onCompleted: (d) => (d.abandonStockCount.__typename === "AbandonStockCountPayload" ? onDone() : setError(d.abandonStockCount.message ?? t`Failed to abandon the count`)),
      onError: () => setError(t`Failed to abandon the count`),
    });
  return (
    <ConfirmDialog
      open
      id="abandon-count"
      title={t`Abandon this count?`}
      text={t`What was counted is dropped and no stock changes.`}
      action={t`Abandon`}
      cancel={t`Keep counting`}
      pending={pending}
      error={error}
      onConfirm={abandon}
      onClose={onClose}
    />
  );
}
