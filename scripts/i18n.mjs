// The message catalogs (Lingui, PO files: client/src/platform/locales, schemas/locales, server/locales; lingui.config.js).
//   node scripts/i18n.mjs compile  — the PO files into the TypeScript modules the server imports
//                                    (generated, not committed: run by postinstall and the build).
//   node scripts/i18n.mjs check    — a stage of `npm test`: fails when a message id the code says has
//                                    no Spanish (or other non-source) text, when a catalog keeps an id
//                                    the code no longer says, when a translation does not parse as ICU
//                                    MessageFormat, or when the compiled modules are older than the PO files.
// `npx lingui extract --clean` brings the PO files up to date with the code; then translate the new entries.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const lingui = (args) => execFileSync(process.execPath, [`${root}node_modules/@lingui/cli/dist/lingui.js`, ...args, "--workers", "1"], { cwd: root, stdio: "pipe" });

export function compileCatalogs() {
  lingui(["compile"]);
}

async function check() {
  const { getConfig } = await import("@lingui/conf");
  const { getCatalogs } = await import("@lingui/cli/api");
  const { compileMessageOrThrow } = await import("@lingui/message-utils/compileMessage");
  const config = getConfig({ cwd: root, configPath: `${root}lingui.config.js` });
  const problems = [];
  for (const catalog of await getCatalogs(config)) {
    const said = (await catalog.collect()) ?? {};
    const ids = new Set(Object.keys(said));
    const all = await catalog.readAll();
    for (const locale of config.locales) {
      const file = catalog.getFilename(locale);
      const entries = all[locale] ?? {};
      for (const id of ids) {
        const text = locale === config.sourceLocale ? entries[id]?.translation || said[id].message : entries[id]?.translation;
        if (!text) problems.push(`${file}: "${id}" has no ${locale} text`);
        else {
          try {
            compileMessageOrThrow(text);
          } catch (e) {
            problems.push(`${file}: "${id}" is not ICU MessageFormat: ${e.message}`);
          }
        }
        if (locale === config.sourceLocale && entries[id] && said[id].message && entries[id].message !== undefined && entries[id].translation !== said[id].message)
          problems.push(`${file}: "${id}" reads "${entries[id].translation}" but the code says "${said[id].message}" (run lingui extract)`);
      }
      for (const id of Object.keys(entries)) {
        if (!ids.has(id) && !entries[id].obsolete) problems.push(`${file}: "${id}" is no longer said by the code (run lingui extract --clean)`);
        if (!ids.has(id) && entries[id].obsolete) problems.push(`${file}: "${id}" is obsolete: remove it (lingui extract --clean)`);
      }
      const compiled = file.replace(/\.po$/, ".ts");
      if (!existsSync(compiled) || statSync(compiled).mtimeMs < statSync(file).mtimeMs)
        problems.push(`${compiled}: missing or stale (run node scripts/i18n.mjs compile)`);
    }
  }
  if (problems.length) {
    console.error(problems.join("\n"));
    console.error(`\n${problems.length} catalog problem(s).`);
    process.exit(1);
  }
  console.log("Catalogs: every message has its text in every language, and no catalog keeps an unused id.");
}

// Run as a command only (scripts/build.mjs imports compileCatalogs, and is imported by scripts whose own
// arguments are not ours).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const command = process.argv[2];
  if (command === "compile") compileCatalogs();
  else if (command === "check") await check();
  else {
    console.error("usage: node scripts/i18n.mjs compile|check");
    process.exit(2);
  }
}
