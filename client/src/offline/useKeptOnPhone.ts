import { useCallback } from "react";
import { useRelayEnvironment } from "react-relay";
import { useToast } from "../platform/toast.tsx";
import { isQueuedOffline, keptOnPhone } from "./queuedError.ts";

/**
 * For a queueable mutation's onError: when the change was kept on the phone (no network), shows
 * 'Saved on this phone' and the expected result, and returns true; any other error returns false
 * for the screen's own failure message.
 */
export function useKeptOnPhone() {
  const environment = useRelayEnvironment();
  const { toast } = useToast();
  return useCallback(
    (error: unknown): boolean => {
      if (!isQueuedOffline(error)) return false;
      toast(keptOnPhone(environment, error));
      return true;
    },
    [environment, toast],
  );
}
