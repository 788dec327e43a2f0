import { z } from "zod";
import { say } from "./messages.ts";

/** The languages Trapline speaks (BCP 47 tags). A third language is its tag here and its catalog files. */
export const LOCALES = ["en-US", "es-US"] as const;
export type Locale = (typeof LOCALES)[number];

/** `updateMyPreferences(input: { locale })`: the signed-in user's own language; null lets the browser's languages decide. */
export const updateMyPreferencesInput = z.object({
  locale: z.enum(LOCALES, {
    error: (issue) =>
      say(
        issue.input === undefined
          ? /*i18n*/ { id: "preferences.localeRequired", message: "Language is required (or null for the browser's languages)" }
          : /*i18n*/ { id: "preferences.localeUnknown", message: "Language must be one of: {choices}", values: { choices: LOCALES.join(", ") } },
      ),
  }).nullable(),
});
export type UpdateMyPreferencesInput = z.input<typeof updateMyPreferencesInput>;
