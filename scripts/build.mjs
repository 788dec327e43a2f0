// The production build: the server compiled by esbuild into dist/server/index.mjs (run by `node`, no
// TypeScript at run time) and the client into client/dist (scripts/build-client.mjs). Each output
// records a hash of its inputs; `ensureBuilt()` (used by `npm start`) rebuilds only an output that is
// missing or whose inputs changed, so a restart takes seconds. `npm run build` rebuilds both.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compileCatalogs } from "./i18n.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const serverEntry = join(root, "dist/server/index.mjs");
const serverStamp = join(root, "dist/server/.inputs");
const clientStamp = join(root, "client/dist/.inputs");

/** Every file under dir (recursively), skipping the named folders. */
function filesUnder(dir, skip) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !relative(dir, join(d.parentPath, d.name)).split(/[\\/]/).some((part) => skip.includes(part)))
    .map((d) => join(d.parentPath, d.name));
}

/** One hash over the inputs' paths and contents (contents, not mtimes: a checkout or copy touches mtimes). */
function hashOf(files) {
  const hash = createHash("sha256");
  for (const file of [...files].sort()) {
    hash.update(relative(root, file)).update("\0");
    hash.update(existsSync(file) ? readFileSync(file) : "(missing)").update("\0");
  }
  return hash.digest("hex");
}

// schemas/ (the zod rules) is imported by both the server and the client.
const common = [...["package-lock.json", "scripts/build.mjs"].map((f) => join(root, f)), ...filesUnder(join(root, "schemas"), ["node_modules"])];
const serverInputs = () => hashOf([...filesUnder(join(root, "server"), ["node_modules"]), join(root, "prisma/schema.prisma"), ...common]);
// Relay's artifacts are made from the sources and schema.graphql by the build itself, so they are not inputs.
const clientInputs = () =>
  hashOf([...filesUnder(join(root, "client"), ["dist", "node_modules", "__generated__"]), join(root, "schema.graphql"), join(root, "scripts/build-client.mjs"), join(root, "lingui.config.js"), ...common]);

const stale = (stamp, output, inputs) => !existsSync(output) || !existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== inputs;

/**
 * import.meta.url inside the bundle would name the bundle, not the source file; each source file's
 * own URL is rebuilt relative to the bundle, so paths such as "../client/dist" keep their meaning.
 */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, async (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const fromBundle = relative(dirname(serverEntry), args.path).split("\\").join("/");
      return { contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: "ts" };
    });
  },
};

export async function buildServer() {
  const inputs = serverInputs();
  // The message catalogs the server imports, from the PO files (scripts/i18n.mjs).
  compileCatalogs();
  const { build } = await import("esbuild");
  await build({
    entryPoints: [join(root, "server/index.ts")],
    outfile: serverEntry,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    plugins: [sourceUrls],
  });
  writeFileSync(serverStamp, inputs + "\n");
}

/** scripts/build-client.mjs (which records the inputs it was built from, whoever runs it). */
export function buildClient() {
  execFileSync(process.execPath, [join(root, "scripts/build-client.mjs")], { stdio: "inherit", cwd: root });
}

/** Hashes the client's inputs; after the build, `record()` writes them beside client/dist. */
export function clientBuildStamp() {
  const inputs = clientInputs();
  return {
    record() {
      mkdirSync(dirname(clientStamp), { recursive: true });
      writeFileSync(clientStamp, inputs + "\n");
    },
  };
}

/** Which outputs are missing or older than their inputs. */
export function staleOutputs() {
  return { server: stale(serverStamp, serverEntry, serverInputs()), client: stale(clientStamp, join(root, "client/dist/index.html"), clientInputs()) };
}

/** Builds what is missing or stale; says what it did. */
export async function ensureBuilt(log = (msg) => console.log(msg)) {
  const todo = staleOutputs();
  if (todo.server) {
    log("Building the server (dist/server)…");
    await buildServer();
  }
  if (todo.client) {
    log("Building the client (client/dist)…");
    buildClient();
  }
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  await buildServer();
  buildClient();
}

