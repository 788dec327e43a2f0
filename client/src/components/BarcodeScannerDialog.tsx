import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import StopIcon from "@mui/icons-material/Stop";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useCallback, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useToast } from "../platform/toast.tsx";
import { CameraViewport } from "./scanner/CameraViewport.tsx";
import { PhotoScanButton } from "./scanner/PhotoScanButton.tsx";
import type { ScanHit } from "./scanner/scanRules.ts";
import { useCameraScanner } from "./scanner/useCameraScanner.ts";
import { useScreenBelow } from "./useScreenBelow.ts";

type Props = {
  open: boolean;
  onClose(): void;
  /** The accepted code ('Use This'). */
  onUse(code: string): void;
  title?: string;
};

/**
 * §2/§4 scanner dialog of the inventory form: stopped → scanning → scanned (Use This or Scan Again).
 * The camera is on only while scanning, and off again when the dialog closes.
 */
export function BarcodeScannerDialog({ open, onClose, onUse, title }: Props) {
  const { t } = useLingui();
  const phone = useScreenBelow("sm");
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="barcode-scanner-title">
      {open && <ScannerBody title={title ?? t`Scan Barcode`} onClose={onClose} onUse={onUse} />}
    </Dialog>
  );
}

function ScannerBody({ title, onClose, onUse }: { title: string; onClose(): void; onUse(code: string): void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [scanned, setScanned] = useState<ScanHit | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const found = useCallback(
    (hit: ScanHit) => {
      setScanned(hit);
      toast({ title: t`Barcode Scanned`, description: t`Found: ${hit.text}`, variant: "success" });
    },
    [toast, t],
  );
  const camera = useCameraScanner((hit) => {
    camera.stop();
    found(hit);
  });
  const { status } = camera;

  const startScanner = () => {
    setScanned(null);
    setPhotoError(null);
    void camera.start();
  };
  const close = () => {
    camera.stop();
    onClose();
  };
  const use = () => {
    if (!scanned) return;
    onUse(scanned.text);
    toast({ title: t`Barcode Set`, description: scanned.text, variant: "success" });
    close();
  };

  const state = scanned ? "scanned" : status === "idle" ? "stopped" : "scanning";
  return (
    <>
      <DialogTitle id="barcode-scanner-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <CameraViewport
            videoRef={camera.videoRef}
            status={status}
            idleText={scanned ? t`Code captured` : t`Press Start Scanner to turn the camera on`}
            label={t`Barcode camera`}
          />
          <Box aria-live="polite" data-scanner-state={state}>
            {state === "scanning" && <Typography color="textSecondary">
                <Trans>Position barcode in the frame</Trans>
              </Typography>}
            {state === "stopped" && <Typography color="textSecondary">
                <Trans>Camera stopped</Trans>
              </Typography>}
            {scanned && (
              <Alert severity="success" icon={false}>
                <Typography variant="body2">
                  <Trans>Scanned barcode:</Trans>
                </Typography>
                <Typography sx={{ fontFamily: "monospace", fontSize: 18, fontWeight: 700, overflowWrap: "anywhere" }} data-testid="scanned-code">
                  {scanned.text}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {scanned.format}
                </Typography>
              </Alert>
            )}
          </Box>
          {camera.error && <Alert severity="error">{camera.error}</Alert>}
          {photoError && <Alert severity="warning">{photoError}</Alert>}
          {state !== "scanning" && !scanned && (
            <Box>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                <Trans>No camera? Take or choose a photo of the barcode instead.</Trans>
              </Typography>
              <PhotoScanButton
                onStart={() => {
                  setPhotoError(null);
                  camera.setError(null);
                }}
                onDetected={found}
                onError={setPhotoError}
              />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: "wrap", gap: 1 }}>
        <Button onClick={close}>
          <Trans>Cancel</Trans>
        </Button>
        {state === "stopped" && (
          <Button variant="contained" startIcon={<QrCodeScannerIcon />} onClick={startScanner}>
            <Trans>Start Scanner</Trans>
          </Button>
        )}
        {state === "scanning" && (
          <Button variant="outlined" color="error" startIcon={<StopIcon />} onClick={camera.stop}>
            <Trans>Stop Scanner</Trans>
          </Button>
        )}
        {state === "scanned" && (
          <>
            <Button variant="outlined" onClick={startScanner}>
              <Trans>Scan Again</Trans>
            </Button>
            <Button variant="contained" onClick={use}>
              <Trans>Use This</Trans>
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
