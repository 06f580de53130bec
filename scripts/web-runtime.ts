import { createRequire } from "node:module";
import path from "node:path";

/**
 * The web app runs on Preact (preact/compat) instead of React DOM, in the build and in the
 * component tests: the same components and libraries on a tenth of the runtime (issue 16: the first
 * load of `/` went from 133 to 77 KB gzip). These aliases send every import of React, from our code
 * and from the libraries (React Router, TanStack Query, Radix), to preact/compat, so one runtime
 * serves the page. Types still come from @types/react, which preact/compat implements.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));

/**
 * React Router's ES module build. Its package exports name the development build for every condition
 * (a choice its maintainers call temporary: remix-run/react-router#12532), and under Node the
 * CommonJS one, whose `require("react")` no alias reaches; so the build takes the production module
 * and the component tests the development module, both by path.
 */
export function reactRouterModule(build: "production" | "development"): { find: RegExp; replacement: string } {
  return { find: /^react-router$/, replacement: path.join(reactRouterDir, `dist/${build}/index.mjs`) };
}
