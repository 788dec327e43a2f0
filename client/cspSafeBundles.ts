import type { Plugin } from "vite";

/**
 * quagga2's bundle finds the global object with `Function("return this")()`, which a
 * Content-Security-Policy without 'unsafe-eval' blocks: the bundle catches it and falls back to
 * window, but the browser still reports a violation each time. globalThis is the same object, so
 * the build says that instead, and the app runs under its policy with nothing reported.
 */
export function noEvalGlobalLookup(): Plugin {
  return {
    name: "trapline:no-eval-global-lookup",
    transform(code, id) {
      if (!id.includes("@ericblade/quagga2")) return null;
      const out = code.replaceAll('Function("return this")()', "globalThis");
      return out === code ? null : { code: out, map: null };
    },
  };
}
