import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { noEvalGlobalLookup } from "./cspSafeBundles.ts";
import { operationIdsModule } from "./operationIds.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const GREEN = "#1b5e20";

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
        const start = Object.values(bundle).find((c) => c.type === "chunk" && c.facadeModuleId?.endsWith("/src/app/start.tsx"));
        if (!start || start.type !== "chunk") throw new Error("preloadAppChunks: no chunk for src/app/start.tsx");
        const files = new Set<string>();
        const walk = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== "chunk") return;
          files.add(file);
          chunk.imports.forEach(walk);
        };
        walk(start.fileName);
        return {
          html,
          tags: [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${f}` }, injectTo: "head" as const })),
        };
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    preloadAppChunks(),
    // `virtual:operation-ids`: the persisted ids of the queries the entry sends early (src/app/earlyQueries.ts).
    operationIdsModule(`${root}src/__generated__`, `${root}src/app/routeRequests.ts`),
    // Relay's graphql`` tags become imports of the compiler's artifacts (relay.config.json).
    babel({ plugins: [["relay", { artifactDirectory: "./client/src/__generated__", eagerEsModules: true }]] }),
    noEvalGlobalLookup(),
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
  resolve: { alias: [{ find: /^react-relay$/, replacement: "react-relay/hooks" }] },
  // The scanner's ZXing-C++ worker (src/components/scanner/wasmWorker.ts) is an ES module worker.
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The runtime every screen needs (React, Relay, the style engine) as one file rather than
            // dozens of small shared chunks: fewer requests on a phone's slow connection. MUI's components keep the
            // default splitting, so a screen's own components still load with that screen.
            {
              name: "runtime",
              test: /node_modules[\\/](react|react-dom|scheduler|relay-runtime|react-relay|@emotion[\\/][\w-]+|@mui[\\/](system|utils|styled-engine|private-theming)|@babel[\\/]runtime|react-is|stylis|hoist-non-react-statics|prop-types|invariant|fbjs|cookie|set-cookie-parser|clsx)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/graphql": { target: "http://localhost:3000", ws: true }, "/objects": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
