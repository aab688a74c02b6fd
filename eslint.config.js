import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Imports flow one way: routes -> features -> components -> ui; everything -> lib and content; lib and components name no
// feature, and a feature reaches another only through its public module (decision 039).
// Paths resolve as TypeScript does (`~/` included), so a zone holds whichever way a module is named.
const layerZones = [
  { target: "./app/components", from: "./app/routes", message: "Components never import route modules." },
  { target: "./app/features", from: "./app/routes", message: "A feature never imports a route module: routes call features." },
  { target: "./app/lib", from: ["./app/routes", "./app/components"], message: "lib stays below the UI." },
  {
    target: "./app/content",
    from: ["./app/routes", "./app/components", "./app/features", "./app/lib/db"],
    message: "content is plain data.",
  },
  {
    target: ["./app/lib", "./app/components"],
    from: "./app/features",
    message: "Shared layers name no feature (decision 039): the route or server/services.ts hands them what a feature registers.",
  },
  {
    target: ["./app/lib", "./app/features"],
    from: "./app/context.ts",
    message: "lib and features take the services they use as arguments, not the router context (decision 039).",
  },
  {
    target: "./app/components/ui",
    from: ["./app/components/layout", "./app/components/sections", "./app/components/forms", "./app/features"],
    message: "ui primitives depend on nothing above them.",
  },
];
// A feature is reached through its public module only (decision 039): index.ts (safe in the browser) or index.server.ts.
// Its tables are the one exception, for the other features' tables: a foreign key names its table, and drizzle-kit reads
// the table files alone, without the `~` alias or the modules behind an index.
const features = readdirSync("./app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.flatMap((feature) => {
  const others = `./app/features/!(${feature})`;
  const folder = `./app/features/${feature}`;
  return [
    {
      // Every file but the feature's own and the other features' tables (below): a zone's target has no "except".
      target: ["./!(app)/**", "./*.*", "./app/!(features)/**", "./app/*.*", `${others}/!(tables).*`],
      from: folder,
      except: ["./index.ts", "./index.server.ts"],
      message: `Other code reaches the ${feature} feature through ~/features/${feature} or ~/features/${feature}/index.server.`,
    },
    {
      target: `${others}/tables.ts`,
      from: folder,
      except: ["./tables.ts"],
      message: `A feature's tables reference the ${feature} feature's tables.ts only.`,
    },
  ];
});
// Build steps and tools (scripts/), tests (tests/) and benchmarks (bench/) each have their own home; what two of them
// need lives outside both (readers/, app/). README "Layout", decision 017.
const harnessZones = [
  { target: "./tests", from: "./scripts", message: "Tests never import scripts/: what both need lives outside both." },
  { target: "./tests", from: "./bench", message: "Tests never import a benchmark." },
  { target: "./bench", from: "./tests", except: ["./support"], message: "Benchmarks use the test harness only." },
  { target: "./readers", from: ["./scripts", "./tests", "./bench"], message: "The readers are shared: they import neither side." },
];
// The site's own code and the build steps never reach into the tests or the benchmarks; the tests beside the code
// (`*.test.ts`) are tests, and may use the harness.
const codeZones = [
  { target: ["./app", "./server", "./scripts"], from: ["./tests", "./bench"], message: "Only tests import the test harness." },
  { target: ["./app", "./server"], from: "./scripts", message: "The site never imports a build step." },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "public/", "test-results/", "playwright-report/", "reports/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // no-cycle reads TypeScript modules too; the route types React Router generates import their route back by design.
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/ignore": ["/\\.react-router/"],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...featureZones, ...harnessZones, ...codeZones] }],
      // No module reaches itself again through its imports, type imports included (decision 039; that option is our patch,
      // patches/eslint-plugin-import-x+*.patch). A cycle never runs through node_modules: reading them tripled the time.
      "import-x/no-cycle": ["error", { includeTypeImports: true, ignoreExternal: true }],
      // One import line per module: a feature's public module is one path for many names.
      "import-x/no-duplicates": "error",
    },
  },
  {
    files: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...featureZones, ...harnessZones] }] },
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
