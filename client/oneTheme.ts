import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/**
 * MUI builds a default theme when its styles module loads (`@mui/material/styles/defaultTheme.mjs`:
 * `createTheme()`), for components rendered outside a ThemeProvider. The app renders everything inside
 * its ThemeProvider, so that theme is never read; building it cost a second createTheme in the first
 * load's module evaluation (about 6 ms here, 26 ms at Lighthouse's 4× CPU slowdown). The build makes the
 * app's theme (src/app/theme.ts) MUI's default: one theme, built once.
 *
 * theme.ts takes createTheme from MUI's own file for it rather than from `@mui/material/styles`, whose
 * other modules import the default theme: theme.ts would import itself.
 */
const DEFAULT_THEME = /[\\/]@mui[\\/]material[\\/]styles[\\/]defaultTheme\.mjs$/;
const CREATE_THEME = "\0trapline:mui-create-theme";

export function oneTheme(themeFile: string): Plugin {
  const material = dirname(createRequire(import.meta.url).resolve("@mui/material/package.json"));
  return {
    name: "trapline:one-theme",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@mui/material/styles" && importer === themeFile) return CREATE_THEME;
      return null;
    },
    load(id) {
      if (id === CREATE_THEME) return `export { default as createTheme } from ${JSON.stringify(join(material, "styles/createTheme.mjs"))};`;
      return null;
    },
    transform(code, id) {
      if (!DEFAULT_THEME.test(id)) return null;
      if (!/const defaultTheme = createTheme\(\);/.test(code)) this.error("oneTheme: @mui/material/styles/defaultTheme.mjs no longer reads as expected");
      return { code: `export { theme as default } from ${JSON.stringify(themeFile)};`, map: null };
    },
  };
}
