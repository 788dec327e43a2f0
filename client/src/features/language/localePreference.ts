import { useEffect } from "react";
import { useRelayEnvironment } from "react-relay";
import { importAgain } from "../../platform/importAgain.ts";
import { chooseLocale, currentLocale, isLocale } from "../../platform/i18n.ts";
import { markUnsaved, unsavedLocale } from "../../platform/locales/load.ts";

/**
 * The signed-in user's language: their stored preference wins (another device may have set it), and
 * one they chose on this device while offline is sent once there is a network. Without a stored
 * preference the device's choice (the sign-in screen's switch) or the browser's languages stay: a
 * choice on the sign-in screen is this device's, not the account's (a shared phone, a demo account).
 */
export function useLocalePreference(viewer: { readonly databaseId: number; readonly locale?: string | null } | null | undefined) {
  const environment = useRelayEnvironment();
  const stored = viewer?.locale ?? null;
  const userId = viewer ? String(viewer.databaseId) : null;
  useEffect(() => {
    if (!userId) return;
    const unsaved = unsavedLocale(userId);
    if (unsaved) {
      // Rare (a choice made offline): the mutation's code loads only then, not with the first screen; not reached, it
      // is asked again when the network is back (and the choice stays unsaved, sent at the next start, should it never come).
      if (unsaved !== stored)
        void importAgain(() => import("./saveLocale.ts")).then(
          // Unless another choice has been made (and sent) meanwhile.
          ({ saveLocale }) => unsavedLocale(userId) === unsaved && saveLocale(environment, userId, unsaved),
          () => {},
        );
      else markUnsaved(userId, null);
      return;
    }
    if (isLocale(stored) && stored !== currentLocale()) void chooseLocale(stored);
  }, [environment, userId, stored]);
}
