import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./client/linguiMacro.ts";

export default defineConfig({
  // The client modules the tests import use Lingui's macros (t, msg, plural, <Trans>), compiled as in the app's build.
  plugins: [babel({ include: /client\/src\/.*\.tsx?$/, plugins: [linguiMacro()] })],
  test: {
    include: ["tests/**/*.test.ts", "server/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/client/linguiSetup.ts"],
    maxWorkers: 2,
  },
});
