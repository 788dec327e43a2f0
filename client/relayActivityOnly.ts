import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/**
 * react-relay 21 ships each of three hooks twice and picks one per call by a feature flag that is on
 * by default and that the app never changes (`RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY`):
 * useFragmentInternal, useQueryLoader and useLoadMoreFunction. Its CommonJS modules cannot be
 * tree-shaken, so the variant that never runs (`_CURRENT`) was in the first load. The build writes
 * the flag's value where those three read it, so the minifier drops the other variant.
 *
 * The flag's default is checked when the build starts: a Relay release that turns it off fails the
 * build here, never the app at run time.
 */
const HOOKS = /react-relay[\\/]lib[\\/]relay-hooks[\\/](useFragmentInternal|useQueryLoader|useLoadMoreFunction)\.js$/;
const FLAG = /(?:_relayRuntime\.)?RelayFeatureFlags\.ENABLE_ACTIVITY_COMPATIBILITY/g;

export function relayActivityOnly(): Plugin {
  return {
    name: "trapline:relay-activity-only",
    apply: "build",
    buildStart() {
      const require = createRequire(import.meta.url);
      const flags = readFileSync(require.resolve("relay-runtime/lib/util/RelayFeatureFlags.js"), "utf8");
      if (!/\bENABLE_ACTIVITY_COMPATIBILITY: true,/.test(flags))
        this.error("relayActivityOnly: relay-runtime no longer turns ENABLE_ACTIVITY_COMPATIBILITY on by default; remove this plugin");
    },
    transform(code, id) {
      const hook = HOOKS.exec(id)?.[1];
      if (!hook) return null;
      let out = code.replace(FLAG, "true");
      // The variant in a file of its own is required at the top: not required, not bundled.
      if (hook === "useFragmentInternal") out = out.replace('require("./useFragmentInternal_CURRENT")', "{}");
      if (out === code) this.error(`relayActivityOnly: ${hook} no longer reads the flag as expected`);
      return { code: out, map: null };
    },
  };
}
