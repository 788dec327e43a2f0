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
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { parse } from "csv-parse/browser/esm/sync";
import { useState } from "react";
import { EQUIPMENT_COLUMNS, INVENTORY_COLUMNS } from "../../../../server/domain/csvColumns.ts";
import { useToast } from "../../platform/toast.tsx";
import { guessMapping, mappedCsv, missingRequired, repeatedFields, type ColumnMapping } from "./importMapping.ts";
import { useScreenBelow } from "../../components/useScreenBelow.ts";

export type ImportArea = "inventory" | "equipment";
type ImportError = { row: number; field: string | null; message: string };
type ImportAnswer = { created: number; updated: number; unchanged: number; errors: ImportError[]; message?: string };
type Parsed = { fileName: string; headers: string[]; rows: string[][] };

const PREVIEW_ROWS = 5;
const SHOWN_ERRORS = 50;
const TITLE_ID = "import-csv-title";

async function sendImport(area: ImportArea, csv: string, dryRun: boolean): Promise<{ status: number; body: ImportAnswer }> {
  const res = await fetch(`/api/${area}/import${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => ({ message: `The server answered ${res.status}` }))) as ImportAnswer;
  return { status: res.status, body };
}

function parseFile(fileName: string, text: string): Parsed {
  const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const [headers, ...rows] = records;
  if (!headers) throw new Error("The file is empty: it needs a header row naming the columns");
  return { fileName, headers, rows };
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/** Import a CSV file: pick it, see its first rows, map its columns to our fields, check it (dry run), then import. */
export default function ImportCsvDialog({ area, open, onClose, onImported }: { area: ImportArea; open: boolean; onClose(): void; onImported(): void }) {
  const columns = area === "inventory" ? INVENTORY_COLUMNS : EQUIPMENT_COLUMNS;
  const keyLabel = area === "inventory" ? "barcode" : "serial number";
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
      setProblem(`${picked.name} could not be read as CSV: ${err instanceof Error ? err.message : String(err)}`);
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
      if (status === 200 && !dryRun) {
        toast({ title: "Import complete", description: `${count(body.created, "row")} added, ${count(body.updated, "row")} updated`, variant: "success" });
        reset();
        onImported();
        onClose();
      } else if (status === 200 || (status === 400 && body.errors)) {
        setCheck(body);
      } else {
        setProblem(body.message ?? `The server answered ${status}`);
      }
    } catch {
      setProblem("The file could not be sent. Check your connection and try again.");
    } finally {
      setBusy(null);
    }
  }

  const label = (key: string | null) => columns.find((c) => c.key === key)?.label ?? key;
  const checkedClean = check !== null && check.errors.length === 0;

  return (
    <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>Import {area} from CSV</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            Rows whose {keyLabel} matches an existing record update it; the others are added. Nothing is written unless every row is valid.
          </Typography>
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy !== null}>
              {file ? "Choose another file" : "Choose CSV file"}
              <input hidden type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={(e) => void pick(e.target.files?.[0])} />
            </Button>
            {file && (
              <Typography component="span" variant="body2" sx={{ ml: 1.5 }}>
                {file.fileName}: {count(file.rows.length, "row")}
              </Typography>
            )}
          </Box>
          {problem && <Alert severity="error">{problem}</Alert>}

          {file && (
            <>
              <Typography variant="subtitle2" component="h3">
                Columns
              </Typography>
              <Stack spacing={1.5} aria-label="Column mapping">
                {file.headers.map((header, i) => (
                  <TextField
                    key={i}
                    select
                    size="small"
                    label={header || `Column ${i + 1}`}
                    value={mapping[i] ?? ""}
                    onChange={(e) => {
                      setMapping(mapping.map((m, j) => (j === i ? e.target.value : m)));
                      setCheck(null);
                    }}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">Leave out</MenuItem>
                    {columns.map((c) => (
                      <MenuItem key={c.key} value={c.key}>
                        {c.label}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Stack>
              {repeated.length > 0 && <Alert severity="error">Each field can be filled by one column only: {repeated.map(label).join(", ")}.</Alert>}
              {missing.length > 0 && (
                <Alert severity="warning">No column fills {missing.map((c) => c.label).join(", ")}: rows that add a new record will need it.</Alert>
              )}

              <Typography variant="subtitle2" component="h3">
                Preview (first {Math.min(PREVIEW_ROWS, file.rows.length)} of {count(file.rows.length, "row")})
              </Typography>
              <TableContainer sx={{ maxWidth: "100%", overflowX: "auto" }}>
                <Table size="small" aria-label="Preview">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      {file.headers.map((h, i) => (
                        <TableCell key={i} sx={{ whiteSpace: "nowrap", color: mapping[i] ? undefined : "text.disabled" }}>
                          {mapping[i] ? label(mapping[i]) : `${h} (left out)`}
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
            <Box role="status" aria-label="Check result">
              {check.errors.length === 0 ? (
                <Alert severity="success">
                  Ready to import: {count(check.created, "new row")}, {count(check.updated, "update")}
                  {check.unchanged ? `, ${check.unchanged} unchanged` : ""}.
                </Alert>
              ) : (
                <>
                  <Alert severity="error">{count(check.errors.length, "problem")} to fix in the file. Nothing was imported.</Alert>
                  <List dense aria-label="Problems">
                    {check.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                      <ListItem key={i} disableGutters>
                        <ListItemText primary={`Row ${e.row}${e.field ? `, ${label(e.field)}` : ""}: ${e.message}`} />
                      </ListItem>
                    ))}
                    {check.errors.length > SHOWN_ERRORS && (
                      <ListItem disableGutters>
                        <ListItemText primary={`…and ${check.errors.length - SHOWN_ERRORS} more`} />
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
          Cancel
        </Button>
        <Button onClick={() => void run(true)} disabled={!mappingOk || busy !== null} startIcon={busy === "check" ? <CircularProgress size={16} /> : null}>
          Check file
        </Button>
        <Button
          variant="contained"
          onClick={() => void run(false)}
          disabled={!mappingOk || !checkedClean || busy !== null}
          startIcon={busy === "import" ? <CircularProgress size={16} /> : null}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
