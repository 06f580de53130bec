import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Front doors (ARCHITECTURE.md, rule of the house 7): a server feature is used by other features
 * through its index.ts (services and types) and, for types only, its *.types.ts files, which import
 * no runtime code (they keep the type graph free of circles). db/ and http/ are the platform every
 * feature builds on; the files at the top of src/server (main, app, deps, job-kinds) wire the
 * features together and may reach in. Tests and scripts are exempt.
 */
const layerZones = [
  { target: "./src/server", from: "./src/web", message: "The server never imports the web app." },
  {
    target: "./src/shared",
    from: "./src",
    except: ["./shared"],
    message: "src/shared imports only shared files (and zod, date-fns, @date-fns/tz).",
  },
];

const PLATFORM = new Set(["db", "http"]);
const serverFeatures = readdirSync("src/server", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !PLATFORM.has(entry.name))
  .map((entry) => entry.name);
const frontDoorZones = serverFeatures.map((feature) => ({
  target: `./src/server/!(${feature})/**/*`,
  from: `./src/server/${feature}`,
  except: ["./index.ts", ...readdirSync(`src/server/${feature}`).filter((file) => file.endsWith(".types.ts")).map((file) => `./${file}`)],
  message: `Use the ${feature} feature through its front door, src/server/${feature}/index.ts (or a *.types.ts for types); export from there what others need.`,
}));

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "src/server/db/migrations/**", ".e2e-data/**", "data/**", ".scratch/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.js", "*.mjs", "scripts/*.mjs"] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ["src/web/**/*.tsx", "src/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read loosely typed JSON bodies on purpose.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  // Layering (ARCHITECTURE.md, rules of the house 2 and 5). Tests, scripts and the migrations are
  // exempt: factories and benchmarks write rows directly on purpose.
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { "import-x": importX },
    settings: {
      // Parse .ts/.tsx dependencies too (the default follows only .js), resolving as tsc does.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // Import circles are refused by scripts/check-import-cycles.ts (npm run check), type imports
      // included, which import-x/no-cycle skips; it also costs a fifth of the lint's time.
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...frontDoorZones] }],
    },
  },
  {
    // A test may reach into its feature and others (factories, repos) to set up and observe.
    files: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  {
    files: ["src/web/**/*.ts", "src/web/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server", "**/server/**"],
              allowTypeImports: true,
              message: "The web app imports only types from the server: use `import type`.",
            },
            {
              group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/pglite", "@electric-sql/pglite/*"],
              allowTypeImports: true,
              message: "No database code in the web app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!(zod|date-fns|@date-fns/tz)(/|$)|\\.)",
              message: "src/shared imports only zod, date-fns, @date-fns/tz and other shared files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["**/*.repo.ts", "src/server/db/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/pglite", "@electric-sql/pglite/*"],
              allowTypeImports: true,
              message: "SQL lives in <feature>.repo.ts and src/server/db/ (type-only imports are fine).",
            },
            {
              group: ["**/db/schema", "**/db/schema/*"],
              allowTypeImports: true,
              message: "Tables are queried in <feature>.repo.ts and src/server/db/ (type-only imports are fine).",
            },
          ],
        },
      ],
    },
  },
  // Sizes one can hold in one's head (issue 38): split by meaning (a hook for a form's state, a
  // component per section, a service per concern), not by line count.
  {
    files: ["src/web/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 120 }] },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["**/*.test.ts", "src/server/db/migrations/**"],
    rules: { "max-lines": ["error", { max: 450 }] },
  },
  {
    // A front door hands out services and types, never a repository's functions.
    files: ["src/server/*/index.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportNamedDeclaration[exportKind='value'][source.value=/\\.repo$/], ExportAllDeclaration[source.value=/\\.repo$/]",
          message: "A front door exports services and types only: wrap what others need in a service.",
        },
      ],
    },
  },
  {
    // better-auth's drizzle adapter is handed the auth tables; it runs the SQL, this file only configures it.
    files: ["src/server/auth/auth.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
