import { useEffect } from "react";
import { commitMutation, graphql, useRelayEnvironment, type Environment } from "react-relay";
import type { localePreferenceMutation } from "../../__generated__/localePreferenceMutation.graphql.ts";
import { chooseLocale, currentLocale, isLocale, type Locale } from "../../platform/i18n.ts";
import { chosenLocale, markUnsaved, unsavedLocale } from "../../platform/locales/load.ts";

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
export function saveLocale(environment: Environment, locale: Locale) {
  markUnsaved(locale);
  commitMutation<localePreferenceMutation>(environment, {
    mutation: saveMutation,
    variables: { input: { locale } },
    onCompleted: (answer) => {
      if (answer.updateMyPreferences.__typename === "UpdateMyPreferencesPayload" && unsavedLocale() === locale) markUnsaved(null);
    },
    onError: () => {},
  });
}

/**
 * The signed-in user's language: their stored preference wins (another device may have set it), and
 * one chosen on this device while offline is sent once there is a network. A choice made on the
 * sign-in screen becomes the preference of a user who has none.
 */
export function useLocalePreference(viewer: { readonly locale?: string | null } | null | undefined) {
  const environment = useRelayEnvironment();
  const stored = viewer?.locale ?? null;
  const signedIn = Boolean(viewer);
  useEffect(() => {
    if (!signedIn) return;
    const unsaved = unsavedLocale();
    if (unsaved) {
      if (unsaved !== stored) saveLocale(environment, unsaved);
      else markUnsaved(null);
      return;
    }
    if (isLocale(stored)) {
      if (stored !== currentLocale()) void chooseLocale(stored);
      return;
    }
    const onDevice = chosenLocale();
    if (onDevice) saveLocale(environment, onDevice);
  }, [environment, signedIn, stored]);
}
