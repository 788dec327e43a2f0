import { i18n } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale, loadCatalog, rememberLocale, setActiveLocale, startCatalog, type Locale } from "./locales/load.ts";
import { loadKept } from "./deviceStore.ts";

export { i18n };
export { LOCALES, type Locale, isLocale } from "./locales/load.ts";

/** The language the app speaks now. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

async function activate(locale: Locale, messages: Promise<Parameters<typeof i18n.load>[1]>) {
  i18n.loadAndActivate({ locale, messages: await messages });
  setActiveLocale(locale);
  document.documentElement.lang = locale;
}

/** Resolves once the first catalog is active: the app renders nothing that reads before it. */
export async function i18nReady(): Promise<void> {
  // The language chosen on the device is known once what it keeps is read (the entry has read it by now).
  await loadKept();
  const { locale, messages } = startCatalog();
  return activate(locale, messages)
    .catch(() => activate(DEFAULT_LOCALE, loadCatalog(DEFAULT_LOCALE)))
    .catch(() => {
      // Neither catalog could be had (no network, no service worker yet): the app still starts.
      i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });
    });
}

/** Switches the language at once, without a reload (the catalog comes from the service worker offline). */
export async function chooseLocale(locale: Locale) {
  rememberLocale(locale);
  if (locale !== i18n.locale) await activate(locale, loadCatalog(locale));
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * A count for a plural text, without Intl.NumberFormat: its plural category in the active language and the
 * number as that language writes it. Write `select(category, { one: `${shown} item`, other: `${shown} items` })`
 * where the count is on every screen. Lingui's `plural` formats its value with Intl.NumberFormat (for `#`, even
 * when the text has none), and a page's first Intl.NumberFormat loads ICU's number data: 45–65 ms of main thread
 * in Chromium here (en-US, es-US), four times that on the phone Lighthouse stands for, in one task that cannot
 * be split. The shell's counts (the bell, pending requests) paid it on every screen's first render; an
 * Intl.PluralRules costs a few ms. Whole numbers under 1,000 read the same in every language the app speaks
 * (Latin digits, no grouping); larger ones are formatted as `#` would be.
 */
export function countWords(n: number): { category: Intl.LDMLPluralRule; shown: string } {
  const locale = currentLocale();
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return { category: rules.select(n), shown: Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : i18n.number(n) };
}
