import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The client modules the tests import use Lingui's macros (t, msg, plural), compiled as in the app's build.
  plugins: [babel({ include: /client\/src\/.*\.tsx?$/, plugins: ["@lingui/babel-plugin-lingui-macro"] })],
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
