import { DEFAULT_LOCALE, type Locale } from "./index.ts";

/*
 * Dates and amounts in the documents the server writes (PDFs), through Intl for the reader's language.
 * English keeps the ISO day the records have always printed (2026-11-23); other languages get their
 * own medium date ("23 nov 2026"), never a numeric one that could be read day-first or month-first.
 */

const days = new Map<Locale, Intl.DateTimeFormat>();
const dollars = new Map<Locale, Intl.NumberFormat>();

/** A UTC calendar day in `locale`. */
export function formatDay(d: Date, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return d.toISOString().slice(0, 10);
  let f = days.get(locale);
  if (!f) days.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })));
  return f.format(d).replace(/[\u202f\u00a0]/g, " ");
}

/** US dollars from cents in `locale` ("$1,234.50"). */
export function formatMoney(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  let f = dollars.get(locale);
  if (!f) dollars.set(locale, (f = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" })));
  return f.format(cents / 100).replace(/[\u202f\u00a0]/g, " ");
}
