import FlashlightOffIcon from "@mui/icons-material/FlashlightOff";
import FlashlightOnIcon from "@mui/icons-material/FlashlightOn";
import PrintIconMui from "@mui/icons-material/PrintOutlined";
import QrCodeScannerIconMui from "@mui/icons-material/QrCodeScanner";
import SearchIconMui from "@mui/icons-material/Search";
import StopIconMui from "@mui/icons-material/Stop";
import { Alert, Chip, IconButton, List, ListItem, ListItemText, Typography } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { CardButton } from "../../components/CardButton.tsx";
import { OutlinedField } from "../../components/OutlinedField.tsx";
import { SectionCard, useCardSheet } from "../../components/cardParts.tsx";
import { plainIcon } from "../../components/plainIcon.tsx";
import { declarations, useSheet } from "../../components/sheet.ts";
import { DeferredTooltip } from "../../components/deferred.tsx";
import { SectionTabs } from "../../components/SectionTabs.tsx";
import { Trans, useLingui } from "@lingui/react/macro";
import { shortDateTime } from "../../platform/dates.ts";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { useNavigate } from "react-router-dom";
import { createOperationDescriptor, getRequest, type Disposable } from "relay-runtime";
import type { ScanPageLookupQuery } from "../../__generated__/ScanPageLookupQuery.graphql.ts";
import { CameraViewport } from "../../components/scanner/CameraViewport.tsx";
import { PhotoScanButton } from "../../components/scanner/PhotoScanButton.tsx";
import { lookupCandidates, type ScanHit } from "../../components/scanner/scanRules.ts";
import { useCameraScanner } from "../../components/scanner/useCameraScanner.ts";
import { useSession } from "../../platform/session.ts";
import { ScanResultCard, type ScanHistoryEntry, type ScannedRef } from "./ScanResultCard.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx).
const PrintIcon = plainIcon(PrintIconMui);
const QrCodeScannerIcon = plainIcon(QrCodeScannerIconMui);
const SearchIcon = plainIcon(SearchIconMui);
const StopIcon = plainIcon(StopIconMui);

const lookupQuery = graphql`
  query ScanPageLookupQuery($code: String!) {
    scanLookup(code: $code) {
      __typename
      ... on ScanLookupSuccess {
        data {
          __typename
          ...ScanResultCard_equipment @alias(as: "equipment")
          ...ScanResultCard_item @alias(as: "item")
          ... on StockLocation {
            id
            name
            holder {
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
`;

type Source = "camera" | "photo" | "manual";

/**
 * §2 QR Scanner page: the camera (or a photo, or a typed code) finds a code, `scanLookup` resolves
 * it, and the side card offers its actions; this session's check-ins and check-outs are listed
 * under History (never saved).
 */
export default function ScanPage() {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const { isManager, viewer } = useSession();
  const [tab, setTab] = useState(0);
  const [code, setCode] = useState("");
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ScannedRef | null>(null);
  const [history, setHistory] = useState<ScanHistoryEntry[]>([]);
  const [lastHit, setLastHit] = useState<(ScanHit & { source: Source }) | null>(null);
  const source = useRef<Source>("manual");
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

  /** Resolves one code with `scanLookup`; a product code stored in its other spelling (UPC-A ⇄ EAN-13) is tried next. */
  const lookUpCode = async (value: string) => {
    setLooking(true);
    setError(null);
    let firstError: string | null = null;
    try {
      for (const candidate of lookupCandidates(value)) {
        const hold = environment.retain(createOperationDescriptor(getRequest(lookupQuery), { code: candidate }));
        try {
          const data = await fetchQuery<ScanPageLookupQuery>(environment, lookupQuery, { code: candidate }, { fetchPolicy: "network-only" }).toPromise();
          const r = data?.scanLookup;
          // A stock location's own label opens that location (issue 15).
          if (r?.data?.__typename === "StockLocation" && r.data.id) {
            hold.dispose();
            if (isManager) {
              navigate(`/locations/${encodeURIComponent(r.data.id)}`);
              return;
            }
            // A technician's own truck opens My Truck.
            if (r.data.holder?.id === viewer.id) {
              navigate("/truck");
              return;
            }
            const place = r.data.name;
            firstError ??= place ? t`${place} is a stock location; only managers can open locations` : t`This is a stock location; only managers can open locations`;
            break;
          }
          const found = r?.data?.equipment ? ({ kind: "equipment", ref: r.data.equipment } as const) : r?.data?.item ? ({ kind: "inventory", ref: r.data.item } as const) : null;
          if (found) {
            release();
            retained.current = hold;
            setResult(found);
            return;
          }
          hold.dispose();
          firstError ??= r?.message || t`Failed to lookup item`;
        } catch (err) {
          hold.dispose();
          firstError ??= (err instanceof Error && err.message) || t`Failed to lookup item`;
          break;
        }
      }
      setResult(null);
      setError(firstError ?? t`Failed to lookup item`);
    } finally {
      setLooking(false);
    }
  };

  const lookUp = (e?: FormEvent) => {
    e?.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t`Enter a code to look up`);
      return;
    }
    source.current = "manual";
    setLastHit(null);
    void lookUpCode(value);
  };

  // A code read by the camera or from a photo: show it in the field and look it up at once.
  const found = (hit: ScanHit, from: Source) => {
    source.current = from;
    setLastHit({ ...hit, source: from });
    setCode(hit.text);
    void lookUpCode(hit.text);
  };
  const camera = useCameraScanner((hit) => {
    camera.stop();
    found(hit, "camera");
  });
  const scanning = camera.status !== "idle";

  const startScanning = () => {
    release();
    setResult(null);
    setError(null);
    setLastHit(null);
    void camera.start().then((ok) => {
      // Without a camera the typed code is the way on.
      if (!ok) codeField.current?.focus();
    });
  };

  const scanAnother = () => {
    release();
    setResult(null);
    setError(null);
    setCode("");
    setLastHit(null);
    if (source.current === "camera") startScanning();
    else codeField.current?.focus();
  };

  useCardSheet();
  useSheet("scan-page", scanRules);

  const record = useCallback((entry: Omit<ScanHistoryEntry, "id" | "timestamp">) => {
    setHistory((h) => [{ ...entry, id: `${Date.now()}-${h.length}`, timestamp: new Date().toISOString() }, ...h]);
  }, []);

  return (
    <div className="tl-scan">
      <SectionTabs
        label={t`Scanner sections`}
        value={tab}
        onChange={(v) => {
          // The camera runs only while its tab shows.
          if (v !== 0) camera.stop();
          setTab(v);
        }}
        tabs={[
          { label: t`Scanner`, id: "scan-tab-0", panelId: "scan-panel-0" },
          { label: history.length ? t`History (${history.length})` : t`History`, id: "scan-tab-1", panelId: "scan-panel-1" },
        ]}
      />

      <div role="tabpanel" id="scan-panel-0" aria-labelledby="scan-tab-0" hidden={tab !== 0}>
        <div className="tl-cols tl-gap-25">
          <div className="tl-xs-12 tl-md-7">
            <SectionCard
              avatar={<QrCodeScannerIcon color="primary" />}
              title={t`Scan QR Code or Barcode`}
              subheader={t`Point the camera at a label, or type its code`}
              action={
                <CardButton to="/labels" aria-label={t`Print labels`} className="tl-scan-print">
                  <PrintIcon fontSize="small" />
                  <span className="tl-scan-print-text">
                    <Trans>Print labels</Trans>
                  </span>
                </CardButton>
              }
            >
              <CameraViewport videoRef={camera.videoRef} status={camera.status} hint={t`Position the code in the frame`} />
              <div className="tl-scan-actions">
                {scanning ? (
                  <CardButton size="medium" variant="contained" color="error" startIcon={<StopIcon />} onClick={camera.stop}>
                    <Trans>Stop Scanning</Trans>
                  </CardButton>
                ) : (
                  <CardButton size="medium" variant="contained" startIcon={<QrCodeScannerIcon />} onClick={startScanning}>
                    <Trans>Start Scanning</Trans>
                  </CardButton>
                )}
                {scanning && camera.torch.supported && (
                  <DeferredTooltip title={camera.torch.on ? t`Turn torch off` : t`Turn torch on`}>
                    <IconButton
                      aria-label={t`Torch`}
                      aria-pressed={camera.torch.on}
                      onClick={() => void camera.toggleTorch()}
                      color={camera.torch.on ? "warning" : "default"}
                      sx={{ border: 1, borderColor: "divider" }}
                    >
                      {camera.torch.on ? <FlashlightOnIcon /> : <FlashlightOffIcon />}
                    </IconButton>
                  </DeferredTooltip>
                )}
                {!scanning && (
                  <PhotoScanButton
                    onStart={() => {
                      camera.setError(null);
                      setError(null);
                    }}
                    onDetected={(hit) => found(hit, "photo")}
                    onError={(message) => {
                      source.current = "photo";
                      release();
                      setResult(null);
                      setError(message);
                    }}
                  />
                )}
                {(result || error) && (
                  <CardButton size="medium" variant="outlined" onClick={scanAnother}>
                    <Trans>Scan Another Item</Trans>
                  </CardButton>
                )}
              </div>
              {camera.error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {camera.error}
                  <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
                    <Trans>Type the code below, or scan a photo of it instead.</Trans>
                  </Typography>
                </Alert>
              )}
              {lastHit && (
                <p className="tl-t tl-body2 tl-secondary tl-scan-hit" aria-live="polite">
                  {lastHit.source === "camera" ? t`Scanned` : t`Read from photo`}: {lastHit.format} <span className="tl-scan-code">{lastHit.text}</span>
                </p>
              )}

              <form className="tl-scan-form" onSubmit={lookUp} noValidate>
                <OutlinedField
                  inputRef={codeField}
                  label={t`Enter code manually`}
                  placeholder={t`Barcode, QR payload or serial number`}
                  value={code}
                  onChange={setCode}
                  fullWidth
                  autoComplete="off"
                />
                <CardButton type="submit" size="medium" variant="outlined" startIcon={<SearchIcon />} disabled={looking} className="tl-scan-lookup">
                  {looking ? t`Looking up...` : t`Look Up`}
                </CardButton>
              </form>
              {error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              )}
            </SectionCard>
          </div>
          <div className="tl-xs-12 tl-md-5">
            {result ? (
              <div ref={resultBox} className="tl-scan-result">
                <ScanResultCard result={result} onEvent={record} />
              </div>
            ) : (
              <div className="tl-card tl-full-h">
                <div className="tl-scan-empty">
                  <QrCodeScannerIcon />
                  <p>{looking ? t`Finding the item...` : t`Scan or enter a code to see the item here`}</p>
                </div>
              </div>
            )}
          </div>
        </div>
      </div>

      <div role="tabpanel" id="scan-panel-1" aria-labelledby="scan-tab-1" hidden={tab !== 1}>
        <SectionCard title={t`Scan History`}>
          {history.length === 0 ? (
            <p className="tl-scan-none">
              <Trans>No scan history yet</Trans>
            </p>
          ) : (
            <List aria-label={t`Scan history`} disablePadding>
              {history.map((h) => (
                <ListItem key={h.id} divider sx={{ gap: 1, alignItems: "flex-start" }}>
                  <ListItemText
                    primary={h.itemName}
                    secondary={
                      <>
                        {shortDateTime(h.timestamp)}
                        {h.assignedTo ? ` · ${h.assignedTo}` : ""}
                      </>
                    }
                  />
                  <Chip
                    size="small"
                    label={h.action === "check_out" ? t`Checked out` : t`Checked in`}
                    color={h.action === "check_out" ? "primary" : "success"}
                    variant="outlined"
                  />
                </ListItem>
              ))}
            </List>
          )}
        </SectionCard>
      </div>
    </div>
  );
}

/**
 * The scanner page's own rules (a sheet written once; the cards' and grid's are `components/cardParts.tsx`'s):
 * MUI's Stack, Box and Typography's look of the same parts, without their per-render style work.
 */
function scanRules({ palette, typography, breakpoints }: Theme): string[] {
  const sm = breakpoints.up("sm");
  const body1 = declarations(typography.body1 as Record<string, unknown>);
  return [
    `.tl-scan{display:flex;flex-direction:column;gap:16px}`,
    // One class stronger than the button's own rules (CardButton's sheet is written after this one).
    `.tl-btn.tl-scan-print{margin-top:4px;min-width:0}`,
    `.tl-scan-print-text{display:none;margin-left:6px}`,
    `${sm}{.tl-scan-print-text{display:inline}}`,
    `.tl-scan-actions{display:flex;flex-direction:row;flex-wrap:wrap;gap:8px;align-items:center;margin-top:12px}`,
    `.tl-scan-hit{margin-top:12px}`,
    `.tl-scan-code{font-family:monospace;color:${palette.text.primary};overflow-wrap:anywhere}`,
    `.tl-scan-form{display:flex;flex-direction:column;gap:12px;margin-top:20px}`,
    `${sm}{.tl-scan-form{flex-direction:row;align-items:flex-start}}`,
    `.tl-btn.tl-scan-lookup{height:56px;flex-shrink:0}`,
    `.tl-scan-result{scroll-margin-top:72px}`,
    `.tl-scan-empty{padding:48px 16px 24px;text-align:center;color:${palette.text.secondary}}`,
    `.tl-scan-empty>svg{font-size:48px;opacity:0.5}`,
    `.tl-scan-empty>p,.tl-scan-none{margin:0;${body1}}`,
    `.tl-scan-none{padding:24px 0;text-align:center;color:${palette.text.secondary}}`,
  ];
}
