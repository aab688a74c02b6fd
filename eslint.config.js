import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "public/", "test-results/", "playwright-report/", "reports/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Imports flow one way: routes -> components -> ui; everything -> lib and content.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/components", from: "./app/routes", message: "Components never import route modules." },
            { target: "./app/lib", from: ["./app/routes", "./app/components"], message: "lib stays below the UI." },
            { target: "./app/content", from: ["./app/routes", "./app/components", "./app/lib/db"], message: "content is plain data." },
            {
              target: "./app/components/ui",
              from: ["./app/components/layout", "./app/components/sections", "./app/components/forms"],
              message: "ui primitives depend on nothing above them.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server-only modules may only be imported by routes (loaders/actions), entry.server and the Node server.
    files: ["app/components/**/*.{ts,tsx}", "app/content/**/*.ts", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/*.server", "**/*.server.ts"], message: "*.server modules never reach the browser bundle." }] },
      ],
    },
  },
  {
    // The process entry is plain JavaScript (node runs it without a build step).
    files: ["server.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
  {
    // Playwright fixtures are named `use` and take `{}` when they need no other fixture: not React hooks.
    files: ["tests/**/*.ts", "playwright.config.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
