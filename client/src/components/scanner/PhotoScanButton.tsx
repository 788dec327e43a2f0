import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import PhotoCameraIcon from "@mui/icons-material/PhotoCameraOutlined";
import { Button, type ButtonProps } from "@mui/material";
import { useState, type ChangeEvent } from "react";
import { loadDecoder } from "./decoders.ts";
import type { ScanHit } from "./scanRules.ts";

export const NO_CODE_IN_PHOTO = msg`No barcode or QR code found in that photo. Try again closer, with the code flat and in focus.`;

type Props = {
  onDetected(hit: ScanHit): void;
  onError(message: string): void;
  /** Called as decoding starts, so the caller can clear an earlier message. */
  onStart?: () => void;
  label?: string;
  variant?: ButtonProps["variant"];
  disabled?: boolean;
};

/**
 * The fallback for devices without camera access: take or pick a photo of the code
 * (file input, accept image/*, capture=environment) and decode it with the same libraries.
 */
export function PhotoScanButton({ onDetected, onError, onStart, label: givenLabel, variant = "outlined", disabled }: Props) {
  const { t, i18n } = useLingui();
  const label = givenLabel ?? t`Scan a Photo`;
  const [busy, setBusy] = useState(false);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    onStart?.();
    setBusy(true);
    try {
      const decoder = await loadDecoder();
      const hit = await decoder.decodeImage(file);
      if (hit) onDetected(hit);
      else onError(i18n._(NO_CODE_IN_PHOTO));
    } catch {
      onError(t`Could not read that photo`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button component="label" variant={variant} startIcon={<PhotoCameraIcon />} disabled={disabled || busy}>
      {busy ? t`Reading photo...` : label}
      <input type="file" accept="image/*" capture="environment" hidden onChange={pick} aria-label={label} />
    </Button>
  );
}
