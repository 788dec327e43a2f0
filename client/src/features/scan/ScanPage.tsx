import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import SearchIcon from "@mui/icons-material/Search";
import VideocamOffIcon from "@mui/icons-material/VideocamOff";
import {
  Alert, Box, Button, Card, CardContent, CardHeader, Chip, Grid, List, ListItem, ListItemText, Stack, Tab, Tabs, TextField, Typography,
} from "@mui/material";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { createOperationDescriptor, getRequest, type Disposable } from "relay-runtime";
import type { ScanPageLookupQuery } from "../../__generated__/ScanPageLookupQuery.graphql.ts";
import { ScanResultCard, type ScanHistoryEntry, type ScannedRef } from "./ScanResultCard.tsx";

const lookupQuery = graphql`
  query ScanPageLookupQuery($code: String!) {
    scanLookup(code: $code) {
      __typename
      ... on ScanLookupSuccess {
        data {
          __typename
          ...ScanResultCard_equipment @alias(as: "equipment")
          ...ScanResultCard_item @alias(as: "item")
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** §2 QR Scanner page shell: manual look-up, a side card of actions, and this session's history (never saved). */
export default function ScanPage() {
  const environment = useRelayEnvironment();
  const [tab, setTab] = useState(0);
  const [code, setCode] = useState("");
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ScannedRef | null>(null);
  const [history, setHistory] = useState<ScanHistoryEntry[]>([]);
  const codeField = useRef<HTMLInputElement>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  // On a phone the result card sits below the scanner card: bring it into view when it arrives.
  useEffect(() => {
    const box = resultBox.current;
    if (box && box.getBoundingClientRect().top > window.innerHeight / 2) box.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [result]);
  // The looked-up record stays retained while its card shows, so garbage collection cannot take it.
  const retained = useRef<Disposable | null>(null);
  const release = () => {
    retained.current?.dispose();
    retained.current = null;
  };
  useEffect(() => release, []);

  const lookUp = (e?: FormEvent) => {
    e?.preventDefault();
    const value = code.trim();
    if (!value) {
      setError("Enter a code to look up");
      return;
    }
    setLooking(true);
    setError(null);
    const hold = environment.retain(createOperationDescriptor(getRequest(lookupQuery), { code: value }));
    fetchQuery<ScanPageLookupQuery>(environment, lookupQuery, { code: value }, { fetchPolicy: "network-only" })
      .toPromise()
      .then((data) => {
        const r = data?.scanLookup;
        if (r?.data) {
          const { equipment, item } = r.data;
          if (equipment || item) {
            release();
            retained.current = hold;
            setResult(equipment ? { kind: "equipment", ref: equipment } : { kind: "inventory", ref: item! });
            return;
          }
        }
        hold.dispose();
        setResult(null);
        setError(r?.message || "Failed to lookup item");
      })
      .catch((err: unknown) => {
        hold.dispose();
        setResult(null);
        setError((err instanceof Error && err.message) || "Failed to lookup item");
      })
      .finally(() => setLooking(false));
  };

  const scanAnother = () => {
    release();
    setResult(null);
    setError(null);
    setCode("");
    codeField.current?.focus();
  };

  const record = useCallback((entry: Omit<ScanHistoryEntry, "id" | "timestamp">) => {
    setHistory((h) => [{ ...entry, id: `${Date.now()}-${h.length}`, timestamp: new Date().toISOString() }, ...h]);
  }, []);

  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Scanner sections" sx={{ "& .MuiTab-root": { textTransform: "none", fontWeight: 600 } }}>
        <Tab label="Scanner" id="scan-tab-0" aria-controls="scan-panel-0" />
        <Tab label={history.length ? `History (${history.length})` : "History"} id="scan-tab-1" aria-controls="scan-panel-1" />
      </Tabs>

      <Box role="tabpanel" id="scan-panel-0" aria-labelledby="scan-tab-0" hidden={tab !== 0}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card>
              <CardHeader
                avatar={<QrCodeScannerIcon color="primary" />}
                title="Scan QR Code or Barcode"
                subheader="Point the camera at a label, or type its code"
                slotProps={{ title: { variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Box
                  aria-label="Camera preview (off)"
                  role="img"
                  sx={{
                    aspectRatio: { xs: "16 / 9", sm: "4 / 3" },
                    maxHeight: 320,
                    width: "100%",
                    borderRadius: 2,
                    border: "2px dashed",
                    borderColor: "divider",
                    bgcolor: "grey.100",
                    color: "text.secondary",
                    display: "grid",
                    placeItems: "center",
                    textAlign: "center",
                    p: 2,
                  }}
                >
                  <Box>
                    <VideocamOffIcon sx={{ fontSize: 48, opacity: 0.6 }} />
                    <Typography variant="body2">Camera is off</Typography>
                  </Box>
                </Box>
                <Stack direction="row" useFlexGap sx={{ mt: 1.5, flexWrap: "wrap", gap: 1 }}>
                  <Button variant="contained" startIcon={<QrCodeScannerIcon />} onClick={() => codeField.current?.focus()}>
                    Start Scanning
                  </Button>
                  {(result || error) && (
                    <Button variant="outlined" onClick={scanAnother}>
                      Scan Another Item
                    </Button>
                  )}
                </Stack>

                <Box component="form" onSubmit={lookUp} noValidate sx={{ mt: 2.5 }}>
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
                    <TextField
                      inputRef={codeField}
                      label="Enter code manually"
                      placeholder="Barcode, QR payload or serial number"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      fullWidth
                      autoComplete="off"
                    />
                    <Button type="submit" variant="outlined" startIcon={<SearchIcon />} disabled={looking} sx={{ height: 56, flexShrink: 0 }}>
                      {looking ? "Looking up..." : "Look Up"}
                    </Button>
                  </Stack>
                </Box>
                {error && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {error}
                  </Alert>
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            {result ? (
              <Box ref={resultBox} sx={{ scrollMarginTop: 72 }}>
                <ScanResultCard result={result} onEvent={record} />
              </Box>
            ) : (
              <Card sx={{ height: "100%" }}>
                <CardContent sx={{ textAlign: "center", py: 6, color: "text.secondary" }}>
                  <QrCodeScannerIcon sx={{ fontSize: 48, opacity: 0.5 }} />
                  <Typography>Scan or enter a code to see the item here</Typography>
                </CardContent>
              </Card>
            )}
          </Grid>
        </Grid>
      </Box>

      <Box role="tabpanel" id="scan-panel-1" aria-labelledby="scan-tab-1" hidden={tab !== 1}>
        <Card>
          <CardHeader title="Scan History" slotProps={{ title: { variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }} />
          <CardContent sx={{ pt: 0 }}>
            {history.length === 0 ? (
              <Typography color="text.secondary" sx={{ textAlign: "center", py: 3 }}>
                No scan history yet
              </Typography>
            ) : (
              <List aria-label="Scan history" disablePadding>
                {history.map((h) => (
                  <ListItem key={h.id} divider sx={{ gap: 1, alignItems: "flex-start" }}>
                    <ListItemText
                      primary={h.itemName}
                      secondary={
                        <>
                          {new Date(h.timestamp).toLocaleString()}
                          {h.assignedTo ? ` · ${h.assignedTo}` : ""}
                        </>
                      }
                    />
                    <Chip
                      size="small"
                      label={h.action === "check_out" ? "Checked out" : "Checked in"}
                      color={h.action === "check_out" ? "primary" : "success"}
                      variant="outlined"
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}
