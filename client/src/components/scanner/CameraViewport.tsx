import { useLingui } from "@lingui/react/macro";
import VideocamOffIconMui from "@mui/icons-material/VideocamOff";
import { CircularProgress } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import type { Ref } from "react";
import type { CameraStatus } from "./useCameraScanner.ts";
import { plainIcon } from "../plainIcon.tsx";
import { declarations, useSheet } from "../sheet.ts";

const VideocamOffIcon = plainIcon(VideocamOffIconMui);

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
  useSheet("camera-viewport", viewportRules);
  const idleText = givenIdleText ?? t`Camera is off`;
  const label = givenLabel ?? t`Camera preview`;
  const on = status !== "idle";
  return (
    <div
      className={on ? "tl-cam tl-cam-on" : "tl-cam"}
      role="img"
      aria-label={on ? t`${label} (on)` : t`${label} (off)`}
      aria-busy={status === "starting"}
      data-camera-status={status}
    >
      <video className="tl-cam-video" ref={videoRef} muted playsInline autoPlay aria-hidden />
      {on && (
        <div className="tl-cam-cover tl-cam-aim-box" aria-hidden>
          <div className="tl-cam-aim" />
        </div>
      )}
      {status === "starting" && (
        <div className="tl-cam-cover">
          <CircularProgress aria-label={t`Starting camera`} sx={{ color: "#fff" }} />
        </div>
      )}
      {status === "scanning" && hint && <p className="tl-cam-hint">{hint}</p>}
      {!on && (
        <div className="tl-cam-cover tl-cam-idle">
          <div>
            <VideocamOffIcon />
            <p>{idleText}</p>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The viewport's rules (a sheet written once, not emotion's work on each render: the scanner is the page a
 * technician opens most): a 4:3 box on a phone, 16:9 from a tablet's width up, rounded, dashed while the
 * camera is off.
 */
function viewportRules({ palette, typography, breakpoints }: Theme): string[] {
  const body2 = declarations(typography.body2 as Record<string, unknown>);
  return [
    `.tl-cam{position:relative;aspect-ratio:4 / 3;max-height:300px;width:100%;border-radius:20px;overflow:hidden;border:2px dashed ${palette.divider};` +
      `background-color:${palette.grey[100]};color:${palette.text.secondary}}`,
    `${breakpoints.up("sm")}{.tl-cam{aspect-ratio:16 / 9;max-height:360px}}`,
    `.tl-cam-on{border:none;background-color:#0b1220}`,
    `.tl-cam-video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;display:none}`,
    `.tl-cam-on>.tl-cam-video{display:block}`,
    `.tl-cam-cover{position:absolute;inset:0;display:grid;place-items:center}`,
    `.tl-cam-aim-box{pointer-events:none}`,
    `.tl-cam-aim{width:62%;height:58%;border-radius:20px;border:3px solid rgba(255,255,255,0.9);box-shadow:0 0 0 9999px rgba(0,0,0,0.28)}`,
    `.tl-cam-hint{position:absolute;left:0;right:0;bottom:8px;margin:0;${body2};text-align:center;color:#fff;font-weight:600;text-shadow:0 1px 3px rgba(0,0,0,0.8)}`,
    `.tl-cam-idle{text-align:center;padding:16px}`,
    `.tl-cam-idle svg{font-size:48px;opacity:0.6}`,
    `.tl-cam-idle p{margin:0;${body2}}`,
  ];
}
