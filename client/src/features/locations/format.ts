import { t } from "@lingui/core/macro";
import { activeLocale } from "../../platform/locales/load.ts";

const money = new Map<string, Intl.NumberFormat>();
/** Integer cents as dollars and cents in the app's language ("$1,234.50"). */
export function formatCents(cents: number): string {
  const locale = activeLocale();
  let format = money.get(locale);
  if (!format) money.set(locale, (format = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" })));
  return format.format(cents / 100);
}

/** The location kind's name, in the app's language at the time of the call. */
export const kindLabel = (kind: string) => (kind === "VEHICLE" ? t`Vehicle` : t`Warehouse`);
