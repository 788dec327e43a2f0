// The message catalogs (lingui.config.ts): `node scripts/catalogs.mjs compile` turns each locale's
// messages.po into the messages.ts the app imports (postinstall, build, `npm test`); `check` (a stage
// of `npm test`) fails when the code uses a message a catalog lacks or a locale has not translated,
// or a catalog keeps a message the code no longer uses. `npm run i18n` updates the catalogs from the code.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const lingui = (args) => spawnSync(process.execPath, ["node_modules/@lingui/cli/dist/lingui.js", ...args], { encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
const SOURCE = "en-US";

/** Every messages.po under the catalogs' folders, by path. */
function catalogs() {
  const found = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === "node_modules" || name.startsWith(".")) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name === "messages.po" && /\/locales\//.test(path)) found.set(path, readFileSync(path, "utf8"));
    }
  };
  for (const root of ["client/src", "server", "schemas"]) {
    try {
      walk(root);
    } catch {
      // a floor without catalogs
    }
  }
  return found;
}

/** The catalog's entries without its header's creation date (which changes on every extract). */
const body = (po) => po.replace(/^"POT-Creation-Date: .*\n/m, "");

/** msgid → msgstr of a PO file (single-line entries, as Lingui writes them; plurals are ICU inside one msgid). */
function entries(po) {
  const out = new Map();
  const re = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm;
  for (const m of po.matchAll(re)) if (m[1]) out.set(m[1], m[2]);
  // A message too long for one line: msgid ""\n"..."\n"..."
  const multi = /^msgid ""\n((?:".*"\n)+)msgstr ((?:".*"\n?)+)/gm;
  for (const m of po.matchAll(multi)) {
    const join = (lines) => [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]).join("");
    const id = join(m[1]);
    if (id) out.set(id, join(m[2]));
  }
  return out;
}

function compile() {
  const r = lingui(["compile", "--strict"]);
  if (r.status !== 0) {
    // --strict refuses missing translations: compile anyway (English stands in) and let `check` report them.
    const again = lingui(["compile"]);
    if (again.status !== 0) {
      process.stderr.write(again.stdout + again.stderr);
      process.exit(1);
    }
  }
}

function check() {
  const before = catalogs();
  const r = lingui(["extract", "--clean"]);
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    process.exit(1);
  }
  const after = catalogs();
  const problems = [];
  for (const [path, po] of after) {
    const old = before.get(path);
    if (old === undefined) problems.push(`${path}: new catalog (run npm run i18n and commit it)`);
    else if (body(old) !== body(po)) {
      const was = entries(old);
      const now = entries(po);
      const added = [...now.keys()].filter((id) => !was.has(id));
      const dropped = [...was.keys()].filter((id) => !now.has(id));
      for (const id of added) problems.push(`${path}: the code uses "${id}", which the catalog lacks`);
      for (const id of dropped) problems.push(`${path}: "${id}" is no longer used by the code`);
      if (!added.length && !dropped.length) problems.push(`${path}: out of date with the code (run npm run i18n)`);
    }
    if (!path.includes(`/${SOURCE}/`)) for (const [id, text] of entries(po)) if (!text) problems.push(`${path}: "${id}" has no translation`);
  }
  if (problems.length) {
    console.error(`Message catalogs (npm run i18n updates them from the code; each locale's messages.po needs every text translated):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  compile();
  console.log(`Message catalogs: ${after.size} files, every message translated and used.`);
}

const command = process.argv[2];
if (command === "compile") compile();
else if (command === "check") check();
else {
  console.error("usage: node scripts/catalogs.mjs compile|check");
  process.exit(2);
}
