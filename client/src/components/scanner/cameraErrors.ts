import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// Apart from scanRules.ts, which stays free of Lingui's macros: the Playwright suite imports those rules
// (tests/helpers/photos.ts) through its own TypeScript loader, which does not run the macros.

export type CameraPhase = "access" | "start" | "scan";
const CAMERA_FALLBACK: Record<CameraPhase, MessageDescriptor> = {
  access: msg`Camera access failed`,
  start: msg`Failed to start camera`,
  scan: msg`Scanner error occurred`,
};

/**
 * §8 camera errors, shown inline: the camera's own message when it gave one (getUserMedia's
 * NotAllowedError, NotFoundError, NotReadableError…), else the fixed text for the step that failed.
 * A decoding failure is never the camera's and always reads 'Scanner error occurred'.
 */
export function cameraErrorMessage(error: unknown, phase: CameraPhase): string {
  if (phase !== "scan") {
    const message = error && typeof error === "object" && "message" in error ? String((error as { message: unknown }).message ?? "").trim() : "";
    if (message) return message;
  }
  // In the app's language at the time of the failure.
  return i18n._(CAMERA_FALLBACK[phase]);
}
