import { getConfig, type LinguiConfigNormalized } from "@lingui/conf";
import { fileURLToPath } from "node:url";

/**
 * Lingui's macro plugin with the app's catalogs (lingui.config.js), its `<Trans>` rendered by the app's
 * own (src/platform/Trans.ts: plain messages in one component instead of three). For the app's build and
 * the client tests alike; the message ids, and so the catalogs, are the macro's as before.
 */
export function linguiMacro(options: { stripMessageField?: boolean } = {}): [string, Record<string, unknown>] {
  const config = getConfig({ configPath: fileURLToPath(new URL("../lingui.config.js", import.meta.url)) });
  const linguiConfig: LinguiConfigNormalized = {
    ...config,
    runtimeConfigModule: { ...config.runtimeConfigModule, Trans: [fileURLToPath(new URL("./src/platform/Trans.ts", import.meta.url)), "Trans"] },
  };
  return ["@lingui/babel-plugin-lingui-macro", { ...options, linguiConfig }];
}
