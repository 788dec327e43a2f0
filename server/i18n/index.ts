import { setupI18n, type I18n } from "@lingui/core";
import type { Message, MessageValue } from "../../schemas/messages.ts";
import { messages as schemasEnUS } from "../../schemas/locales/en-US.ts";
import { messages as schemasEsUS } from "../../schemas/locales/es-US.ts";
import { messages as serverEnUS } from "../locales/en-US.ts";
import { messages as serverEsUS } from "../locales/es-US.ts";

/*
 * The server's languages. A message is a Lingui descriptor (schemas/messages.ts); the catalogs are
 * PO files beside the code that says them (server/locales, schemas/locales), extracted by
 * `lingui extract` and compiled by `lingui compile` into the modules imported here. A third
 * language is a catalog file per folder and its tag in LOCALES (schemas/preferences.ts) and lingui.config.js.
 */
import { LOCALES, type Locale } from "../../schemas/preferences.ts";

export { LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = "en-US";

const catalogs = { "en-US": { ...schemasEnUS, ...serverEnUS }, "es-US": { ...schemasEsUS, ...serverEsUS } } satisfies Record<Locale, object>;
const byLocale = new Map<Locale, I18n>(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: catalogs[locale] } })]));

/** A language tag we speak for `tag` ("es", "es-MX", "ES-us" → es-US), or null. */
export function localeOf(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0];
  return LOCALES.find((l) => l.toLowerCase().split("-")[0] === language) ?? null;
}

/** The first language of an Accept-Language header that we speak (by q, then order), or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.tag !== "*" && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) {
    const locale = localeOf(r.tag);
    if (locale) return locale;
  }
  return null;
}

/** The user's stored preference, else the request's Accept-Language, else English. */
export function requestLocale(preference: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return localeOf(preference) ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

const days = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A UTC calendar day in `locale`. English keeps the ISO day the records have always printed
 * (2026-11-23); other languages get their own medium date ("23 nov 2026"), never a numeric one that
 * could be read day-first or month-first.
 */
export function formatDay(d: Date, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return d.toISOString().slice(0, 10);
  let f = days.get(locale);
  if (!f) days.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })));
  return f.format(d).replace(/[\u202f\u00a0]/g, " ");
}

/** A value as it is put in a message in `locale`: labels translated, days written the reader's way, lists joined. */
export function valueIn(locale: Locale, v: MessageValue): string | number {
  if (Array.isArray(v)) return v.map((x) => valueIn(locale, x)).join(", ");
  if (typeof v === "object") {
    if (!("day" in v)) return render(v, locale);
    const day = new Date(`${v.day.slice(0, 10)}T00:00:00.000Z`);
    return Number.isNaN(day.getTime()) ? v.day : formatDay(day, locale);
  }
  return v;
}

function valuesIn(locale: Locale, values: Record<string, MessageValue> | undefined) {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valueIn(locale, v)]));
}

/** Whether the catalogs have a message of this id (a stored descriptor may outlive its message). */
export function hasMessage(id: string): boolean {
  return id in catalogs[DEFAULT_LOCALE];
}

/** The message in `locale` (labels and other message values translated too). */
export function render(m: Message, locale: Locale = DEFAULT_LOCALE): string {
  return byLocale.get(locale)!._({ id: m.id, message: m.message, values: valuesIn(locale, m.values) });
}
