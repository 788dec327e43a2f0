import { useLingui } from "@lingui/react/macro";
import VideocamOffIcon from "@mui/icons-material/VideocamOff";
import { Box, CircularProgress, Typography } from "@mui/material";
import type { Ref } from "react";
import type { CameraStatus } from "./useCameraScanner.ts";

type Props = {
  videoRef: Ref<HTMLVideoElement>;
  status: CameraStatus;
  /** Shown over the picture while scanning, e.g. 'Position barcode in the frame'. */
  hint?: string;
  /** Shown while the camera is off. */
  idleText?: string;
  label?: string;
};

/**
 * The camera picture with an aiming frame. The <video> stays mounted (hidden while off) so the
 * scanner can attach the stream the moment it arrives.
 */
export function CameraViewport({ videoRef, status, hint, idleText: givenIdleText, label: givenLabel }: Props) {
  const { t } = useLingui();
  const idleText = givenIdleText ?? t`Camera is off`;
  const label = givenLabel ?? t`Camera preview`;
  const on = status !== "idle";
  return (
    <Box
      role="img"
      aria-label={on ? t`${label} (on)` : t`${label} (off)`}
      aria-busy={status === "starting"}
      data-camera-status={status}
      sx={{
        position: "relative",
        aspectRatio: { xs: "4 / 3", sm: "16 / 9" },
        maxHeight: { xs: 300, sm: 360 },
        width: "100%",
        borderRadius: 2,
        overflow: "hidden",
        border: on ? "none" : "2px dashed",
        borderColor: "divider",
        bgcolor: on ? "#0b1220" : "grey.100",
        color: "text.secondary",
      }}
    >
      <Box
        component="video"
        ref={videoRef}
        muted
        playsInline
        autoPlay
        aria-hidden
        sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover", display: on ? "block" : "none" }}
      />
      {on && (
        <Box aria-hidden sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", pointerEvents: "none" }}>
          <Box
            sx={{
              width: "62%",
              height: "58%",
              borderRadius: 2,
              border: "3px solid rgba(255,255,255,0.9)",
              boxShadow: "0 0 0 9999px rgba(0,0,0,0.28)",
            }}
          />
        </Box>
      )}
      {status === "starting" && (
        <Box sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center" }}>
          <CircularProgress aria-label={t`Starting camera`} sx={{ color: "#fff" }} />
        </Box>
      )}
      {status === "scanning" && hint && (
        <Typography
          variant="body2"
          sx={{ position: "absolute", left: 0, right: 0, bottom: 8, textAlign: "center", color: "#fff", fontWeight: 600, textShadow: "0 1px 3px rgba(0,0,0,0.8)" }}
        >
          {hint}
        </Typography>
      )}
      {!on && (
        <Box sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", textAlign: "center", p: 2 }}>
          <Box>
            <VideocamOffIcon sx={{ fontSize: 48, opacity: 0.6 }} />
            <Typography variant="body2">{idleText}</Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}
