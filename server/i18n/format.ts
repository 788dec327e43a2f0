import { DEFAULT_LOCALE, formatDay, type Locale } from "./index.ts";

/*
 * Dates and amounts in the documents the server writes (PDFs), through Intl for the reader's language.
 * English keeps the ISO day the records have always printed (2026-11-23); other languages get their
 * own medium date ("23 nov 2026"), never a numeric one that could be read day-first or month-first.
 */

const dollars = new Map<Locale, Intl.NumberFormat>();

/** A UTC calendar day in `locale` (kept beside the catalogs, where a message's day values are read too). */
export { formatDay };

/** US dollars from cents in `locale` ("$1,234.50"). */
export function formatMoney(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  let f = dollars.get(locale);
  if (!f) dollars.set(locale, (f = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" })));
  return f.format(cents / 100).replace(/[\u202f\u00a0]/g, " ");
}
