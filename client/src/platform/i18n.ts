import { i18n } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale, loadCatalog, rememberLocale, setActiveLocale, startCatalog, type Locale } from "./locales/load.ts";

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
export function i18nReady(): Promise<void> {
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
