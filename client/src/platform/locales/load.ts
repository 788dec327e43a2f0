import type { Messages } from "@lingui/core";
import { keep, kept, keptNow, type KeptKey } from "../deviceStore.ts";

/** The languages the app speaks, by BCP 47 tag, each with its own name (what the language switch shows). */
export const LOCALES = { "en-US": "English", "es-US": "Español" } as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = "en-US";

// Kept on the device (../deviceStore.ts, read by the entry before it starts the catalog). The service worker reads
// only the chosen language, for index.html's first 'Loading...' (chosenLocaleNow); it sends queued changes with the
// browser's languages.
const CHOSEN_KEY: KeptKey = "trapline.locale";

/** The first of the given language tags the app speaks ("es", "es-MX" → es-US), else English. */
export function matchLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const language = tag.toLowerCase().split("-")[0];
    const found = (Object.keys(LOCALES) as Locale[]).find((l) => l.toLowerCase().split("-")[0] === language);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(LOCALES, value);
}

/** The language chosen on this device (the sign-in screen's switch, or the signed-in user's preference). */
export function chosenLocale(): Locale | null {
  const value = kept(CHOSEN_KEY);
  return isLocale(value) ? value : null;
}

/** The language chosen on this device as the database holds it now: the service worker's read (it keeps no memory of the pages'). */
export async function chosenLocaleNow(): Promise<Locale | null> {
  const value = await keptNow(CHOSEN_KEY);
  return isLocale(value) ? value : null;
}

/** Remembers the language chosen on this device (null forgets it); without storage (private mode), for this visit. */
export function rememberLocale(locale: Locale | null) {
  keep(CHOSEN_KEY, locale);
}

/** The language to start in: the one chosen on this device, else the browser's languages. */
export function startLocale(): Locale {
  return chosenLocale() ?? matchLocale(typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]));
}

// English, the source language, is in the code itself, compiled by the build (client/linguiSourceMessages.ts):
// it has no catalog to fetch. Every other language is one chunk, fetched only when chosen (the service
// worker keeps it for offline use).
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  "en-US": () => Promise.resolve({ messages: {} }),
  "es-US": () => import("./es-US/messages.ts"),
};
// The shared schemas' messages (what a form's own check says, by id: field.required, …), fetched beside
// the app's catalog. English needs none: a schema's message carries its English text.
const schemaCatalogs: Partial<Record<Locale, () => Promise<{ messages: Messages }>>> = {
  "es-US": () => import("../../../../schemas/locales/es-US.ts"),
};

export function loadCatalog(locale: Locale): Promise<Messages> {
  const schemas = schemaCatalogs[locale];
  return Promise.all([catalogs[locale](), schemas ? schemas() : { messages: {} }]).then(([app, shared]) => ({ ...shared.messages, ...app.messages }));
}

const UNSAVED_KEY: KeptKey = "trapline.locale.unsaved";

/**
 * A language chosen while signed in that the server has not yet stored on the user (no network then):
 * sent when the app next starts online (features/auth/useLocalePreference.ts).
 */
export function unsavedLocale(userId: string): Locale | null {
  const [owner, value] = (kept(UNSAVED_KEY) ?? "").split(":");
  return owner === userId && isLocale(value) ? value : null;
}

/** Remembers (or forgets) the user's unsaved choice; one user's at a time, as one person holds the phone. */
export function markUnsaved(userId: string, locale: Locale | null) {
  if (locale) keep(UNSAVED_KEY, `${userId}:${locale}`);
  else if (unsavedLocale(userId)) keep(UNSAVED_KEY, null);
}

let active: Locale | null = null;

/** The language the app speaks now (before the first catalog is in: the one it starts in). */
export function activeLocale(): Locale {
  return active ?? startLocale();
}

export function setActiveLocale(locale: Locale) {
  active = locale;
}

/** Request headers that ask the server to answer in the app's language (signed out, or without a preference). */
export function languageHeaders(): Record<string, string> {
  return { "accept-language": activeLocale() };
}

let first: { locale: Locale; messages: Promise<Messages> } | null = null;

/** Starts fetching the first screen's catalog (src/main.tsx calls it before anything else loads). */
export function startCatalog(): {
  locale: Locale;
  messages: Promise<Messages>;
} {
  if (!first) {
    const locale = startLocale();
    first = { locale, messages: loadCatalog(locale) };
  }
  return first;
}
