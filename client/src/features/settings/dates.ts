import { t } from "@lingui/core/macro";
import { activeLocale } from "../../platform/locales/load.ts";

/** A date-time from the API, in the user's locale; `fallback` when there is none. */
export const when = (value: unknown, fallback = t`Never`) => (value ? new Date(value as string).toLocaleString(activeLocale(), { dateStyle: "medium", timeStyle: "short" }) : fallback);
