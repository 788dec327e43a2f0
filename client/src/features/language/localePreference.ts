import { useEffect } from "react";
import { commitMutation, graphql, useRelayEnvironment, type Environment } from "react-relay";
import type { localePreferenceMutation } from "../../__generated__/localePreferenceMutation.graphql.ts";
import { chooseLocale, currentLocale, isLocale, type Locale } from "../../platform/i18n.ts";
import { markUnsaved, unsavedLocale } from "../../platform/locales/load.ts";

const saveMutation = graphql`
  mutation localePreferenceMutation($input: UpdateMyPreferencesInput!) {
    updateMyPreferences(input: $input) {
      __typename
      ... on UpdateMyPreferencesPayload {
        viewer {
          id
          locale
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Stores the language on the user; without a network it waits on this device and is sent on the next start. */
export function saveLocale(environment: Environment, userId: string, locale: Locale) {
  markUnsaved(userId, locale);
  commitMutation<localePreferenceMutation>(environment, {
    mutation: saveMutation,
    variables: { input: { locale } },
    onCompleted: (answer) => {
      if (answer.updateMyPreferences.__typename === "UpdateMyPreferencesPayload" && unsavedLocale(userId) === locale) markUnsaved(userId, null);
    },
    onError: () => {},
  });
}

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
      if (unsaved !== stored) saveLocale(environment, userId, unsaved);
      else markUnsaved(userId, null);
      return;
    }
    if (isLocale(stored) && stored !== currentLocale()) void chooseLocale(stored);
  }, [environment, userId, stored]);
}
