import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { ROUTE_PRELOADS_FILE } from "../schemas/routePaths.ts";
import { noEvalGlobalLookup } from "./cspSafeBundles.ts";
import { lazyStyleObjects } from "./lazyStyleObjects.ts";
import { oneTheme } from "./oneTheme.ts";
import { linguiMacro } from "./linguiMacro.ts";
import { linguiSourceMessages } from "./linguiSourceMessages.ts";
import { relayActivityOnly } from "./relayActivityOnly.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const GREEN = "#1b5e20";

/** The chunk `file` and every chunk it imports statically, directly or not (file names). */
function staticClosure(bundle: Rolldown.OutputBundle, file: string): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string) => {
    const chunk = bundle[f];
    if (seen.has(f) || !chunk || chunk.type !== "chunk") return;
    seen.add(f);
    chunk.imports.forEach(walk);
  };
  walk(file);
  return seen;
}

/** The chunk whose entry module's path ends with `suffix`: a page's or the app's (the build fails without it). */
function chunkFor(bundle: Rolldown.OutputBundle, suffix: string): Rolldown.OutputChunk {
  const chunk = Object.values(bundle).find((c) => c.type === "chunk" && c.facadeModuleId?.endsWith(suffix));
  if (!chunk || chunk.type !== "chunk") throw new Error(`no chunk for ${suffix}`);
  return chunk;
}

/**
 * index.html's entry (src/main.tsx) is tiny and imports the app (src/app/start.tsx) dynamically, so that
 * it can start the current screen's chunk at once. This adds modulepreload links for the app's chunks to
 * index.html, so they download from the first moment too, not after the entry has run.
 */
function preloadAppChunks(): Plugin {
  return {
    name: "trapline-preload-app-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = staticClosure(bundle, chunkFor(bundle, "/src/app/start.tsx").fileName);
        return {
          html,
          tags: [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${f}` }, injectTo: "head" as const })),
        };
      },
    },
  };
}

/**
 * The files each route's first screen needs, for the server to name in the page's document (server/http/client.ts):
 * a phone's browser then asks for the frame's and the screen's code as it reads the document, rather than after
 * the entry has run and its preload helper has appended a link per file, which took tasks of 20-46 ms at full speed
 * on the phone's main thread in Lighthouse's traces of a cold /inventory and /. Per route (a `*.route.ts` file's
 * `path` and `page: () => import(...)`), the screen's chunk and everything it imports statically; beside them, the
 * signed-in frame's (src/app/AppRouter.tsx) and the sign-in screen's, for a visitor. The server leaves out what
 * index.html already preloads.
 */
function routePreloads(): Plugin {
  return {
    name: "trapline-route-preloads",
    apply: "build",
    generateBundle(_, bundle) {
      const filesOf = (moduleId: string) => [...staticClosure(bundle, chunkFor(bundle, moduleId).fileName)].map((f) => `/${f}`);
      const modules = Object.values(bundle).flatMap((c) => (c.type === "chunk" ? Object.keys(c.modules) : []));
      const routeFiles = [...new Set(modules)].filter((id) => /\/src\/features\/[^/]+\/\w+\.route\.ts$/.test(id));
      if (routeFiles.length < 10) this.error(`routePreloads: only ${routeFiles.length} route files found`);
      const routes = routeFiles.map((id) => {
        const source = readFileSync(id, "utf8");
        const path = /\bpath:\s*"([^"]+)"/.exec(source)?.[1];
        const page = /\bpage:\s*\(\)\s*=>\s*import\("([^"]+)"\)/.exec(source)?.[1];
        if (!path || !page) this.error(`routePreloads: ${id} names no path or no page import`);
        return { path, files: filesOf(resolve(dirname(id), page)) };
      });
      const preloads = { signedIn: filesOf(`${root}src/app/AppRouter.tsx`), signIn: filesOf(`${root}src/features/auth/SignIn.tsx`), routes };
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/**
 * The chunk plan, from what the default splitting found after tree-shaking: the modules the first load needs
 * (src/app/start.tsx's static imports: `shell`), the signed-in frame (src/app/AppRouter.tsx's: `frame`, less
 * what the sign-in screen shares with it: `shared`), and what most screens use beside the frame (`common`: the
 * modules four or more screens import, such as dialogs, menus and tooltips, but not the sign-in screen, weighed
 * by COMMON_UNSHARED_MAX).
 * scripts/build-client.mjs builds twice: a first pass records the plan (TRAPLINE_CHUNK_PLAN_OUT), and the real build reads it
 * (TRAPLINE_CHUNK_PLAN) to put each set in one chunk, where the default splitting makes dozens of 1-3 kB
 * files: on a phone's connection every file costs a round trip, and every modulepreload link a task on the
 * main thread. Each set only imports the ones before it (shell ← shared ← frame ← common), so the chunks
 * cannot import each other in a circle. Without a plan (the dev server, a one-pass build) the groups are left
 * out and the default splitting applies.
 */
/** MUI's components and what they stand on: the `ui` chunk groups. */
const UI_MODULE = /node_modules[\\/](@mui[\\/](material|icons-material)|react-transition-group|@popperjs)[\\/]/;

/**
 * The weight rule of `common` (recordChunkPlan): a set of modules this large (minified bytes) joins it only when
 * at least half the screens use it; a smaller one joins when four or more do. `common` is one chunk every screen
 * loads, so what a screen does not use is weight before its first paint; below this size a round trip on a
 * phone's connection costs more than the bytes.
 */
const COMMON_UNSHARED_MAX = 16_000;

type ChunkPlan = { shell: string[]; shared: string[]; frame: string[]; common: string[] };
const planFile = process.env.TRAPLINE_CHUNK_PLAN;
const plan: ChunkPlan | null = planFile && existsSync(planFile) ? JSON.parse(readFileSync(planFile, "utf8")) : null;

function recordChunkPlan(out: string): Plugin {
  return {
    name: "trapline-record-chunk-plan",
    apply: "build",
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const closure = (root: (typeof chunks)[number]) => staticClosure(bundle, root.fileName);
      const start = chunkFor(bundle, "/src/app/start.tsx");
      const router = chunkFor(bundle, "/src/app/AppRouter.tsx");
      const signIn = chunkFor(bundle, "/src/features/auth/SignIn.tsx");
      const screens = chunks.filter((c) => /\/src\/features\/[^/]+\/(\w+Page|Dashboard)\.tsx$/.test(c.facadeModuleId ?? ""));
      if (screens.length < 10) throw new Error(`recordChunkPlan: only ${screens.length} screens found`);
      // Left where they are: the entry (it starts the route's data request before anything else has loaded),
      // the shared runtime chunk, and each dynamic entry's own chunk.
      const keep = new Set(chunks.filter((c) => c.isEntry || c.isDynamicEntry || c.name === "runtime").map((c) => c.fileName));
      const shellFiles = closure(start);
      const signInFiles = closure(signIn);
      const routerFiles = closure(router);
      const sharedFiles = [...routerFiles].filter((f) => !shellFiles.has(f) && signInFiles.has(f));
      const frameFiles = [...routerFiles].filter((f) => !shellFiles.has(f) && !signInFiles.has(f));
      const users = new Map<string, number>();
      for (const screen of screens) for (const f of closure(screen)) if (!shellFiles.has(f) && !routerFiles.has(f) && !signInFiles.has(f)) users.set(f, (users.get(f) ?? 0) + 1);
      const upstream = (f: string) => shellFiles.has(f) || routerFiles.has(f) || signInFiles.has(f) || keep.has(f);
      const common = new Set(
        [...users].filter(([f, n]) => n >= 4 && (n >= screens.length / 2 || (bundle[f] as (typeof chunks)[number]).code.length <= COMMON_UNSHARED_MAX)).map(([f]) => f),
      );
      // A set that imports one left out is left out too, or `common` would bring it along (the form rules bring
      // zod, a form's fields react-hook-form: screens without a form, the dashboard, then fetched them).
      for (let dropped = true; dropped; ) {
        dropped = false;
        for (const f of common)
          if ((bundle[f] as (typeof chunks)[number]).imports.some((i) => !common.has(i) && !upstream(i))) {
            common.delete(f);
            dropped = true;
          }
      }
      const modules = (files: Iterable<string>) => [...files].filter((f) => !keep.has(f)).flatMap((f) => Object.keys((bundle[f] as (typeof chunks)[number]).modules).filter((id) => !id.startsWith("\0")));
      const commonModules = modules(common);
      // MUI's modules that the entry's app chunk itself uses (the theme, the baseline) join the shell: left to the
      // `ui` groups, a set this small is merged with some other screens' set, and that one's imports came along.
      const startUi = Object.keys(start.modules).filter((id) => UI_MODULE.test(id));
      writeFileSync(out, JSON.stringify({ shell: [...modules(shellFiles), ...startUi], shared: modules(sharedFiles), frame: modules(frameFiles), common: commonModules } satisfies ChunkPlan));
    },
  };
}

/** Fails the build if the chunks import each other in a circle (modules could then run before their imports). */
function noChunkCycles(): Plugin {
  return {
    name: "trapline-no-chunk-cycles",
    apply: "build",
    generateBundle(_, bundle) {
      const state = new Map<string, "open" | "done">();
      const visit = (file: string, path: string[]) => {
        const chunk = bundle[file];
        if (!chunk || chunk.type !== "chunk" || state.get(file) === "done") return;
        if (state.get(file) === "open") throw new Error(`chunks import each other in a circle: ${[...path, file].join(" -> ")}`);
        state.set(file, "open");
        chunk.imports.forEach((f) => visit(f, [...path, file]));
        state.set(file, "done");
      };
      Object.keys(bundle).forEach((f) => visit(f, []));
    },
  };
}

const sets = { shell: new Set(plan?.shell), shared: new Set(plan?.shared), frame: new Set(plan?.frame), common: new Set(plan?.common) };
const planGroups = plan
  ? [
      ...(["shell", "shared", "frame", "common"] as const).map((name, i) => ({ name, test: (id: string) => sets[name].has(id), priority: 15 - i, includeDependenciesRecursively: false })),
      // Tooltip and its positioning engine in a chunk of their own: lists take their tooltips after load
      // (DeferredTooltip), and merged into a screen's small 'ui' set they would load with its first icons.
      { name: "tooltip", test: /node_modules[\\/](@mui[\\/]material[\\/](Tooltip|Popper)|@popperjs[\\/]core)[\\/]/, priority: 11, includeDependenciesRecursively: false },
      // The tabs (a few screens' sections, Settings): merged into a small 'ui' set they came along with the
      // list icons that set shares, and /inventory, which has no tabs, fetched them (5.7 kB).
      { name: "tabs", test: /node_modules[\\/]@mui[\\/]material[\\/](Tabs|Tab|TabScrollButton)[\\/]/, priority: 11, includeDependenciesRecursively: false },
      // The rest of MUI's components, in a few chunks by which screens need them (small sets merged).
      { name: "ui", test: UI_MODULE, priority: 10, entriesAware: true, entriesAwareMergeThreshold: 20_000 },
    ]
  : [];

/**
 * The packages that turn a style into CSS rules, with their versions: a device keeps the rules its app wrote
 * (src/platform/styleSnapshot.ts) only for this engine, since a class name is a hash of the style, not of the rule.
 */
const STYLE_ENGINE = ["@emotion/cache", "@emotion/serialize", "@emotion/sheet", "stylis"]
  .map((name) => `${name}@${JSON.parse(readFileSync(`${root}../node_modules/${name}/package.json`, "utf8")).version}`)
  .join(" ");

export default defineConfig({
  root,
  define: { __STYLE_ENGINE__: JSON.stringify(STYLE_ENGINE) },
  plugins: [
    react(),
    preloadAppChunks(),
    routePreloads(),
    ...(process.env.TRAPLINE_CHUNK_PLAN_OUT ? [recordChunkPlan(process.env.TRAPLINE_CHUNK_PLAN_OUT)] : []),
    noChunkCycles(),
    // Relay's graphql`` tags become imports of the compiler's artifacts (relay.config.json).
    // Lingui's macros (<Trans>, t, plural) become message descriptors of the catalogs (lingui.config.js),
    // each keeping its English text, compiled: English reads it from the code and loads no catalog. <Trans>
    // renders the app's own (linguiMacro.ts).
    babel({
      plugins: [
        ["relay", { artifactDirectory: "./client/src/__generated__", eagerEsModules: true }],
        linguiMacro({ stripMessageField: false }),
        linguiSourceMessages,
      ],
    }),
    noEvalGlobalLookup(),
    relayActivityOnly(),
    oneTheme(`${root}src/app/theme.ts`),
    lazyStyleObjects(),
    // Installable app + service worker (src/sw.ts): precaches index.html, every chunk and the icons.
    // Registered by the app itself (src/app/serviceWorker.ts), which announces a new version.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,wasm}"],
        // The largest chunks (the scanner's ZXing, its ZXing-C++ .wasm, the charts) are precached too: scanning works offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
        id: "/",
        name: "Trapline",
        short_name: "Trapline",
        description: "Inventory, equipment and requests for pest-control teams",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: GREEN,
        background_color: "#f5f7f5",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
  ],
  // The hooks entry of react-relay: the same functions without the legacy container APIs (QueryRenderer,
  // createFragmentContainer, …) that its main entry bundles, CommonJS that tree-shaking cannot remove.
  resolve: {
    alias: [
      { find: /^react-relay$/, replacement: "react-relay/hooks" },
      // React Router's production build: its package's exports name only its development build, whose warnings
      // (built on every render of the routes, e.g. useRoutes' message about descendant routes) the bundle then kept.
      // The two builds differ in that one flag (ENABLE_DEV_WARNINGS).
      { find: /^react-router$/, replacement: `${root}../node_modules/react-router/dist/production/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${root}../node_modules/react-router/dist/production/dom-export.mjs` },
      // Emotion writes CSS rules while a component renders, in the sliced part of a render, rather than in
      // its commit (src/app/emotionInsertion.ts).
      { find: /^@emotion\/use-insertion-effect-with-fallbacks$/, replacement: `${root}src/app/emotionInsertion.ts` },
    ],
  },
  // The scanner's ZXing-C++ worker (src/components/scanner/wasmWorker.ts) is an ES module worker.
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // TRAPLINE_SOURCEMAP=hidden writes .map files (no link from the bundles) for profiling a build.
    sourcemap: process.env.TRAPLINE_SOURCEMAP === "hidden" ? "hidden" : false,
    chunkSizeWarningLimit: 1200,
    // Every browser the app supports (Chromium, Firefox, Safari 17+) knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's public file (features/<area>/index.ts) only names what other features may use: importing one
      // name of it costs what importing that module directly does, not the modules behind its other names.
      treeshake: { moduleSideEffects: (id: string) => (/\/src\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined) },
      output: {
        // entriesAware groups are named after the screens that share them ("ui~SignIn~AppRouter~…"): keep file names short.
        chunkFileNames: (chunk) => `assets/${chunk.name.split("~")[0]}-[hash].js`,
        // V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of the runtime is
        // compiled while the file streams in, on a background thread, instead of on the main thread at its first
        // call. React, Relay and the style engine run on every first screen, so almost all of it is called on load.
        // In a trace of a cold dashboard at 4x CPU throttle, main-thread parse and compile went from 1,000–1,300 ms
        // to 450–600 ms. Only the runtime: hinting the other first-screen chunks as well gained nothing more in the
        // same traces, and would compile functions of theirs that a screen never calls.
        postBanner: (chunk) => (chunk.name === "runtime" ? "//# allFunctionsCalledOnLoad" : ""),
        codeSplitting: {
          groups: [
            // Vite's preload helper (2 kB), which the entry calls for its imports, in a file of its own: in the runtime
            // chunk, it made the entry wait for that file, the largest, before it could send the screen's early queries.
            { name: "preload-helper", test: /^\0vite[\\/]preload-helper/, priority: 30 },
            // The runtime every screen needs (React, Relay, the style engine) as one file rather than
            // dozens of small shared chunks: fewer requests on a phone's slow connection. MUI's components keep the
            // default splitting, so a screen's own components still load with that screen.
            {
              name: "runtime",
              test: /node_modules[\\/](react|react-dom|scheduler|relay-runtime|react-relay|@emotion[\\/][\w-]+|@mui[\\/](system|utils|styled-engine|private-theming)|@babel[\\/]runtime|react-is|stylis|hoist-non-react-statics|prop-types|invariant|fbjs|cookie|set-cookie-parser|clsx|@lingui[\\/](core|react|message-utils))[\\/]/,
              priority: 20,
            },
            ...planGroups,
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/graphql": { target: "http://localhost:3000", ws: true }, "/objects": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
