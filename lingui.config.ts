// Lingui: messages are written in English in the code (macros from @lingui/react/macro and
// @lingui/core/macro), extracted by `npm run i18n` into one PO catalog per locale, and compiled to
// TypeScript modules (never committed; scripts/postinstall.mjs and `npm test` compile them). A third
// language is one more locale here and its messages.po.
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en-US",
  locales: ["en-US", "es-US"],
  fallbackLocales: { default: "en-US" },
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  catalogs: [
    {
      // The client's catalog: everything under client/src that a person reads.
      path: "<rootDir>/client/src/platform/locales/{locale}/messages",
      include: ["<rootDir>/client/src"],
      exclude: ["**/__generated__/**", "**/node_modules/**"],
    },
  ],
});
