import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import StopIcon from "@mui/icons-material/Stop";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useCallback, useState } from "react";
import { useToast } from "../platform/toast.tsx";
import { CameraViewport } from "./scanner/CameraViewport.tsx";
import { PhotoScanButton } from "./scanner/PhotoScanButton.tsx";
import type { ScanHit } from "./scanner/scanRules.ts";
import { useCameraScanner } from "./scanner/useCameraScanner.ts";

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
export function BarcodeScannerDialog({ open, onClose, onUse, title = "Scan Barcode" }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="barcode-scanner-title">
      {open && <ScannerBody title={title} onClose={onClose} onUse={onUse} />}
    </Dialog>
  );
}

function ScannerBody({ title, onClose, onUse }: { title: string; onClose(): void; onUse(code: string): void }) {
  const { toast } = useToast();
  const [scanned, setScanned] = useState<ScanHit | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const found = useCallback(
    (hit: ScanHit) => {
      setScanned(hit);
      toast({ title: "Barcode Scanned", description: `Found: ${hit.text}`, variant: "success" });
    },
    [toast],
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
    toast({ title: "Barcode Set", description: scanned.text, variant: "success" });
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
            idleText={scanned ? "Code captured" : "Press Start Scanner to turn the camera on"}
            label="Barcode camera"
          />
          <Box aria-live="polite" data-scanner-state={state}>
            {state === "scanning" && <Typography color="text.secondary">Position barcode in the frame</Typography>}
            {state === "stopped" && <Typography color="text.secondary">Camera stopped</Typography>}
            {scanned && (
              <Alert severity="success" icon={false}>
                <Typography variant="body2">Scanned barcode:</Typography>
                <Typography sx={{ fontFamily: "monospace", fontSize: 18, fontWeight: 700, overflowWrap: "anywhere" }} data-testid="scanned-code">
                  {scanned.text}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {scanned.format}
                </Typography>
              </Alert>
            )}
          </Box>
          {camera.error && <Alert severity="error">{camera.error}</Alert>}
          {photoError && <Alert severity="warning">{photoError}</Alert>}
          {state !== "scanning" && !scanned && (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                No camera? Take or choose a photo of the barcode instead.
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
        <Button onClick={close}>Cancel</Button>
        {state === "stopped" && (
          <Button variant="contained" startIcon={<QrCodeScannerIcon />} onClick={startScanner}>
            Start Scanner
          </Button>
        )}
        {state === "scanning" && (
          <Button variant="outlined" color="error" startIcon={<StopIcon />} onClick={camera.stop}>
            Stop Scanner
          </Button>
        )}
        {state === "scanned" && (
          <>
            <Button variant="outlined" onClick={startScanner}>
              Scan Again
            </Button>
            <Button variant="contained" onClick={use}>
              Use This
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
