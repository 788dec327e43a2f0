import UploadFileIcon from "@mui/icons-material/UploadFileOutlined";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { parse } from "csv-parse/browser/esm/sync";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { EQUIPMENT_COLUMNS, INVENTORY_COLUMNS } from "../../../../server/domain/csvColumns.ts";
import { useToast } from "../../platform/toast.tsx";
import { guessMapping, mappedCsv, missingRequired, repeatedFields, type ColumnMapping } from "./importMapping.ts";
import { useScreenBelow } from "../../components/useScreenBelow.ts";
import { OutlinedSelect } from "../../components/OutlinedField.tsx";
import { languageHeaders } from "../../platform/locales/load.ts";
import { COLUMN_LABELS } from "./columnLabels.ts";

export type ImportArea = "inventory" | "equipment";
type ImportError = { row: number; field: string | null; message: string };
type ImportAnswer = { created: number; updated: number; unchanged: number; errors: ImportError[]; message?: string };
type Parsed = { fileName: string; headers: string[]; rows: string[][] };

const PREVIEW_ROWS = 5;
const SHOWN_ERRORS = 50;
const TITLE_ID = "import-csv-title";

async function sendImport(area: ImportArea, csv: string, dryRun: boolean): Promise<{ status: number; body: ImportAnswer | null }> {
  const res = await fetch(`/api/${area}/import${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    headers: { "content-type": "text/csv", ...languageHeaders() },
    body: csv,
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => null)) as ImportAnswer | null;
  return { status: res.status, body };
}

/** A file with no header row: nothing to map. */
class EmptyFile extends Error {}

function parseFile(fileName: string, text: string): Parsed {
  const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const [headers, ...rows] = records;
  if (!headers) throw new EmptyFile();
  return { fileName, headers, rows };
}

const rowCount = (n: number) => plural(n, { one: "# row", other: "# rows" });

/** Import a CSV file: pick it, see its first rows, map its columns to our fields, check it (dry run), then import. */
export default function ImportCsvDialog({ area, open, onClose, onImported }: { area: ImportArea; open: boolean; onClose(): void; onImported(): void }) {
  const { t, i18n } = useLingui();
  const columns = area === "inventory" ? INVENTORY_COLUMNS : EQUIPMENT_COLUMNS;
  const phone = useScreenBelow("sm");
  const { toast } = useToast();
  const [file, setFile] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<"check" | "import" | null>(null);

  const reset = () => {
    setFile(null);
    setMapping([]);
    setProblem(null);
    setCheck(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  async function pick(picked: File | undefined) {
    reset();
    if (!picked) return;
    try {
      const parsed = parseFile(picked.name, await picked.text());
      setFile(parsed);
      setMapping(guessMapping(parsed.headers, columns));
    } catch (err) {
      const name = picked.name;
      const reason = err instanceof EmptyFile ? t`the file is empty: it needs a header row naming the columns` : err instanceof Error ? err.message : String(err);
      setProblem(t`${name} could not be read as CSV: ${reason}`);
    }
  }

  const missing = missingRequired(mapping, columns);
  const repeated = repeatedFields(mapping);
  const mappingOk = Boolean(file) && mapping.some(Boolean) && repeated.length === 0;

  async function run(dryRun: boolean) {
    if (!file) return;
    setBusy(dryRun ? "check" : "import");
    setProblem(null);
    try {
      const { status, body } = await sendImport(area, mappedCsv(file.rows, mapping), dryRun);
      if (status === 200 && body && !dryRun) {
        const { created, updated: changed } = body;
        const added = plural(created, { one: "# row added", other: "# rows added" });
        const updated = plural(changed, { one: "# row updated", other: "# rows updated" });
        toast({ title: t`Import complete`, description: t`${added}, ${updated}`, variant: "success" });
        reset();
        onImported();
        onClose();
      } else if (body && (status === 200 || (status === 400 && body.errors))) {
        setCheck(body);
      } else {
        setProblem(body?.message ?? t`The server answered ${status}`);
      }
    } catch {
      setProblem(t`The file could not be sent. Check your connection and try again.`);
    } finally {
      setBusy(null);
    }
  }

  /** A field's name in the app's language (a field the server names that no column has: as it came). */
  const label = (key: string) => {
    const descriptor = COLUMN_LABELS[key];
    return descriptor ? i18n._(descriptor) : key;
  };
  /** The fields' names, for a sentence. */
  const list = (keys: readonly string[]) => keys.map(label).join(", ");
  const choices = [{ value: "", label: t`Leave out` }, ...columns.map((c) => ({ value: c.key, label: label(c.key) }))];
  const checkedClean = check !== null && check.errors.length === 0;
  const twice = list(repeated);
  const unfilled = list(missing.map((c) => c.key));
  const total = file?.rows.length ?? 0;
  const shown = Math.min(PREVIEW_ROWS, total);
  const problems = check?.errors.length ?? 0;
  const notShown = problems - SHOWN_ERRORS;

  return (
    <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{area === "inventory" ? t`Import inventory from CSV` : t`Import equipment from CSV`}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {area === "inventory"
              ? t`Rows whose barcode matches an existing record update it; the others are added. Nothing is written unless every row is valid.`
              : t`Rows whose serial number matches an existing record update it; the others are added. Nothing is written unless every row is valid.`}
          </Typography>
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy !== null}>
              {file ? t`Choose another file` : t`Choose CSV file`}
              <input hidden type="file" accept=".csv,text/csv" aria-label={t`CSV file`} onChange={(e) => void pick(e.target.files?.[0])} />
            </Button>
            {file && (
              <Typography component="span" variant="body2" sx={{ ml: 1.5 }}>
                {file.fileName}: {rowCount(file.rows.length)}
              </Typography>
            )}
          </Box>
          {problem && <Alert severity="error">{problem}</Alert>}

          {file && (
            <>
              <Typography variant="subtitle2" component="h3">
                <Trans>Columns</Trans>
              </Typography>
              <Stack spacing={1.5} aria-label={t`Column mapping`}>
                {file.headers.map((header, i) => {
                  const column = i + 1;
                  return (
                    <OutlinedSelect
                      key={i}
                      label={header || t`Column ${column}`}
                      value={mapping[i] ?? ""}
                      options={choices}
                      onChange={(chosen) => {
                        setMapping(mapping.map((m, j) => (j === i ? chosen : m)));
                        setCheck(null);
                      }}
                    />
                  );
                })}
              </Stack>
              {repeated.length > 0 && <Alert severity="error">{t`Each field can be filled by one column only: ${twice}.`}</Alert>}
              {missing.length > 0 && <Alert severity="warning">{t`No column fills ${unfilled}: rows that add a new record will need it.`}</Alert>}

              <Typography variant="subtitle2" component="h3">
                {shown < total ? plural(total, { one: `Preview (first ${shown} of # row)`, other: `Preview (first ${shown} of # rows)` }) : plural(total, { one: "Preview (# row)", other: "Preview (all # rows)" })}
              </Typography>
              <TableContainer sx={{ maxWidth: "100%", overflowX: "auto" }}>
                <Table size="small" aria-label={t`Preview`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>Row</Trans>
                      </TableCell>
                      {file.headers.map((h, i) => (
                        <TableCell key={i} sx={{ whiteSpace: "nowrap", color: mapping[i] ? undefined : "text.disabled" }}>
                          {mapping[i] ? label(mapping[i]) : t`${h} (left out)`}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {file.rows.slice(0, PREVIEW_ROWS).map((row, r) => (
                      <TableRow key={r}>
                        <TableCell>{r + 2}</TableCell>
                        {file.headers.map((_, i) => (
                          <TableCell key={i} sx={{ whiteSpace: "nowrap", maxWidth: 220, overflow: "hidden", textOverflow: "ellipsis" }}>
                            {row[i] ?? ""}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}

          {check && (
            <Box role="status" aria-label={t`Check result`}>
              {check.errors.length === 0 ? (
                <Alert severity="success">
                  <CheckedClean created={check.created} updated={check.updated} unchanged={check.unchanged} />
                </Alert>
              ) : (
                <>
                  <Alert severity="error">
                    {plural(problems, {
                      one: "# problem to fix in the file. Nothing was imported.",
                      other: "# problems to fix in the file. Nothing was imported.",
                    })}
                  </Alert>
                  <List dense aria-label={t`Problems`}>
                    {check.errors.slice(0, SHOWN_ERRORS).map((e, i) => {
                      const { row, message } = e;
                      const field = e.field ? label(e.field) : null;
                      return (
                        <ListItem key={i} disableGutters>
                          <ListItemText primary={field ? t`Row ${row}, ${field}: ${message}` : t`Row ${row}: ${message}`} />
                        </ListItem>
                      );
                    })}
                    {check.errors.length > SHOWN_ERRORS && (
                      <ListItem disableGutters>
                        <ListItemText primary={plural(notShown, { one: "…and # more", other: "…and # more" })} />
                      </ListItem>
                    )}
                  </List>
                </>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy !== null}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => void run(true)} disabled={!mappingOk || busy !== null} startIcon={busy === "check" ? <CircularProgress size={16} /> : null}>
          <Trans>Check file</Trans>
        </Button>
        <Button
          variant="contained"
          onClick={() => void run(false)}
          disabled={!mappingOk || !checkedClean || busy !== null}
          startIcon={busy === "import" ? <CircularProgress size={16} /> : null}
        >
          <Trans>Import</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A clean check's sentence: what the import will add, update and leave as it is. */
function CheckedClean({ created, updated, unchanged }: { created: number; updated: number; unchanged: number }) {
  const { t } = useLingui();
  const added = plural(created, { one: "# new row", other: "# new rows" });
  const changed = plural(updated, { one: "# update", other: "# updates" });
  if (!unchanged) return <>{t`Ready to import: ${added}, ${changed}.`}</>;
  const same = plural(unchanged, { one: "# unchanged", other: "# unchanged" });
  return <>{t`Ready to import: ${added}, ${changed}, ${same}.`}</>;
}
