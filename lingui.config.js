// Lingui (v5): one extraction and compile tool for every catalog. Messages are Lingui message
// descriptors written `/*i18n*/ { id, message }` (the extractor finds them by that comment; the
// server runs TypeScript through tsx/esbuild, which cannot run Lingui's Babel macros), with stable
// ids that double as error codes. `lingui extract` writes the PO files; `lingui compile` the
// TypeScript modules beside them (generated on install and build: scripts/i18n.mjs).
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en-US",
  locales: ["en-US", "es-US"],
  fallbackLocales: { default: "en-US" },
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  orderBy: "messageId",
  catalogs: [
    // The shared zod schemas' messages and field labels: the server and the client both read them.
    { path: "<rootDir>/schemas/locales/{locale}", include: ["<rootDir>/schemas"], exclude: ["**/locales/**"] },
    // Everything under client/src a person reads (Lingui's macros: <Trans>, t, plural, msg). English is read
    // from the code (client/linguiSourceMessages.ts); each other locale is one chunk loaded lazily
    // (client/src/platform/locales/load.ts).
    {
      path: "<rootDir>/client/src/platform/locales/{locale}/messages",
      include: ["<rootDir>/client/src"],
      exclude: ["**/__generated__/**", "**/node_modules/**", "**/locales/**"],
    },
    // What the server itself says: refusals of the domain and the transports.
    { path: "<rootDir>/server/locales/{locale}", include: ["<rootDir>/server"], exclude: ["**/locales/**", "**/db/generated/**"] },
  ],
});
