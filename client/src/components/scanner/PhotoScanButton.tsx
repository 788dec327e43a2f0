import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import PhotoCameraIconMui from "@mui/icons-material/PhotoCameraOutlined";
import { useRef, useState, type ChangeEvent } from "react";
import { loadDecoder } from "./decoders.ts";
import type { ScanHit } from "./scanRules.ts";
import { CardButton, type CardButtonProps } from "../CardButton.tsx";
import { plainIcon } from "../plainIcon.tsx";

const PhotoCameraIcon = plainIcon(PhotoCameraIconMui);

export const NO_CODE_IN_PHOTO = msg`No barcode or QR code found in that photo. Try again closer, with the code flat and in focus.`;

type Props = {
  onDetected(hit: ScanHit): void;
  onError(message: string): void;
  /** Called as decoding starts, so the caller can clear an earlier message. */
  onStart?: () => void;
  label?: string;
  variant?: CardButtonProps["variant"];
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
  const input = useRef<HTMLInputElement>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.currentTarget;
    const file = chosen.files?.[0];
    chosen.value = "";
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
    // A real button that opens the file input, not a <label role="button"> around it (an ARIA role a label may not take).
    <>
      <CardButton size="medium" variant={variant} startIcon={<PhotoCameraIcon />} disabled={disabled || busy} onClick={() => input.current?.click()}>
        {busy ? t`Reading photo...` : label}
      </CardButton>
      <input ref={input} type="file" accept="image/*" capture="environment" hidden onChange={pick} aria-label={label} />
    </>
  );
}
