import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { noEvalGlobalLookup } from "./cspSafeBundles.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    // Relay's graphql`` tags become imports of the compiler's artifacts (relay.config.json).
    babel({ plugins: [["relay", { artifactDirectory: "./client/src/__generated__", eagerEsModules: true }]] }),
    noEvalGlobalLookup(),
  ],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: { proxy: { "/api": "http://localhost:3000", "/graphql": { target: "http://localhost:3000", ws: true }, "/objects": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
