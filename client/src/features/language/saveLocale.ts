import { commitMutation, graphql, type Environment } from "react-relay";
import type { saveLocaleMutation } from "../../__generated__/saveLocaleMutation.graphql.ts";
import type { Locale } from "../../platform/i18n.ts";
import { markUnsaved, unsavedLocale } from "../../platform/locales/load.ts";

const saveMutation = graphql`
  mutation saveLocaleMutation($input: UpdateMyPreferencesInput!) {
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

/** Stores the language on the user (then `onSaved`); without a network it waits on this device and is sent on the next start. */
export function saveLocale(environment: Environment, userId: string, locale: Locale, onSaved?: () => void) {
  markUnsaved(userId, locale);
  commitMutation<saveLocaleMutation>(environment, {
    mutation: saveMutation,
    variables: { input: { locale } },
    onCompleted: (answer) => {
      if (answer.updateMyPreferences.__typename !== "UpdateMyPreferencesPayload") return;
      if (unsavedLocale(userId) === locale) markUnsaved(userId, null);
      onSaved?.();
    },
    onError: () => {},
  });
}
