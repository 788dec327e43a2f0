import { useCallback, useEffect, useRef, useState } from "react";
import { loadDecoder, type Decoder } from "./decoders.ts";
import {
  CAMERA_VIDEO_CONSTRAINTS,
  CONFIRM_RETRY_MS,
  DECODE_RETRY_MS,
  DELAY_BETWEEN_SCANS_MS,
  FRAME_AGREEMENT_MS,
  createFrameAgreement,
  createScanGate,
  type ScanHit,
} from "./scanRules.ts";
import { cameraErrorMessage } from "./cameraErrors.ts";

export type CameraStatus = "idle" | "starting" | "scanning";

type Session = { stopped: boolean; stream: MediaStream | null; timer: ReturnType<typeof setTimeout> | undefined };

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraints = MediaTrackConstraintSet & { torch?: boolean };

/**
 * The camera behind both scanners (§2, §9): the rear camera at ideal 1280x720 shown in `videoRef`,
 * a frame decoded every 300 ms until a code is read, a code acted on only when a second frame read
 * the same text within FRAME_AGREEMENT_MS, the same code ignored for 500 ms after it was read, and
 * a torch toggle only when the track says it has one. The camera stops on stop(), on unmount, and
 * when the track ends. `onDetected` gets each new code; the caller decides whether to stop. `onFrame`, when given,
 * is told what each decoded frame read (null: nothing), after `onDetected`.
 */
export function useCameraScanner(onDetected: (hit: ScanHit) => void, onFrame?: (text: string | null, at: number) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<CameraStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [torch, setTorch] = useState({ supported: false, on: false });
  const session = useRef<Session | null>(null);
  const detected = useRef(onDetected);
  const framed = useRef(onFrame);
  useEffect(() => {
    detected.current = onDetected;
    framed.current = onFrame;
  });

  /** Releases the camera without touching state (safe during unmount). */
  const release = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (s) {
      s.stopped = true;
      clearTimeout(s.timer);
      s.stream?.getTracks().forEach((t) => t.stop());
    }
    const video = videoRef.current;
    if (video) {
      video.pause();
      video.srcObject = null;
    }
  }, []);

  const stop = useCallback(() => {
    release();
    setStatus("idle");
    setTorch({ supported: false, on: false });
  }, [release]);

  const fail = useCallback(
    (s: Session, message: string) => {
      if (session.current !== s) return;
      stop();
      setError(message);
    },
    [stop],
  );

  /** Opens the camera and starts decoding; resolves false when the camera could not be used. */
  const start = useCallback(async (): Promise<boolean> => {
    if (session.current) return true;
    const s: Session = { stopped: false, stream: null, timer: undefined };
    session.current = s;
    setError(null);
    setStatus("starting");
    if (!navigator.mediaDevices?.getUserMedia) {
      fail(s, cameraErrorMessage(null, "access"));
      return false;
    }
    // The libraries load while the camera warms up.
    const decoder = loadDecoder();
    decoder.catch(() => undefined);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: CAMERA_VIDEO_CONSTRAINTS, audio: false });
    } catch (err) {
      fail(s, cameraErrorMessage(err, "access"));
      return false;
    }
    if (s.stopped) {
      stream.getTracks().forEach((t) => t.stop());
      return false;
    }
    s.stream = stream;
    const track = stream.getVideoTracks()[0];
    track?.addEventListener("ended", () => fail(s, cameraErrorMessage(null, "start")));

    const video = videoRef.current;
    try {
      if (!video) throw new Error("");
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      await video.play();
    } catch (err) {
      fail(s, cameraErrorMessage(err, "start"));
      return false;
    }
    const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
    setTorch({ supported: capabilities.torch === true, on: false });

    let engine: Decoder;
    try {
      engine = await decoder;
    } catch {
      fail(s, cameraErrorMessage(null, "scan"));
      return false;
    }
    if (s.stopped) return false;
    setStatus("scanning");

    const gate = createScanGate(DELAY_BETWEEN_SCANS_MS);
    const agreement = createFrameAgreement(FRAME_AGREEMENT_MS);
    const tick = async () => {
      if (s.stopped) return;
      let wait = DECODE_RETRY_MS;
      try {
        const capturedAt = Date.now();
        const decoded = video.readyState >= video.HAVE_CURRENT_DATA;
        const hit = decoded ? await engine.decodeVideo(video) : null;
        if (s.stopped) return;
        if (hit) {
          const now = Date.now();
          // One frame's read is never acted on: the next frame, tried at once, must read the same.
          if (!agreement.see(hit.text, capturedAt, now)) wait = CONFIRM_RETRY_MS;
          else if (gate(hit.text, now)) {
            wait = DELAY_BETWEEN_SCANS_MS;
            detected.current(hit);
          }
        }
        if (decoded) framed.current?.(hit?.text ?? null, Date.now());
      } catch {
        fail(s, cameraErrorMessage(null, "scan"));
        return;
      }
      if (!s.stopped) s.timer = setTimeout(tick, wait);
    };
    void tick();
    return true;
  }, [fail]);

  const toggleTorch = useCallback(async () => {
    const track = session.current?.stream?.getVideoTracks()[0];
    if (!track) return;
    const next = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as TorchConstraints] });
      setTorch((t) => ({ ...t, on: next }));
    } catch {
      setTorch({ supported: false, on: false });
    }
  }, [torch.on]);

  // Leaving the page (or closing the dialog) turns the camera off.
  useEffect(() => release, [release]);

  return { videoRef, status, error, setError, start, stop, torch, toggleTorch };
}
