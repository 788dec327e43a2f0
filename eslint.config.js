import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "server/db/generated/", "client/dist/", "dist/", "data/", ".tmp/", "test-results/", "playwright-report/", "**/__generated__/", "client/src/platform/locales/*/messages.ts", "schemas/locales/*.ts", "server/locales/*.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // MUI 9's Typography takes a palette name for `color` ("textSecondary", "error"); a theme path such as
      // "text.secondary" (the removed system prop) type-checks and names no colour. Paths go in `sx`.
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='Typography'] JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message: 'Typography\'s color takes a palette name ("textSecondary", "error"); put a theme path ("text.secondary") in sx.',
        },
      ],
    },
  },
  {
    // Tests read loosely-typed JSON responses.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
