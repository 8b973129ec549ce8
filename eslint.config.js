import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One-way imports. The site and the server share only contract/, which imports
// neither. Inside the site: pages and layouts (.astro) → views → components → lib → data, and no
// layer imports one above it; scripts/import-graph.test.ts refuses circles.
const siteOnly = { group: ["**/server/**"], message: "The site may import only from contract/." };
/** `~/folder…`, or a relative path up into it, for each folder (or module) of app/ above a layer. */
const above = (folders, message) => ({ regex: `^(~/|(\\.\\./)+(app/)?)(${folders.join("|")})(/|$)`, message });
// The owner's app (app/admin/, and its route) is a room of its own. Public code never imports it;
// it imports its own modules, contract/ and, from the rest of app/, only the shared parts named here.
const ownerFiles = ["app/admin/**/*.{ts,tsx,astro}", "app/pages/admin.astro"];
const ownerSharedParts = [
  "app.css",
  "components/ui/skip-link",
  "data/paths",
  "data/retention",
  "data/shell-entries",
  "layouts/head-tags.astro",
  "lib/meta",
];
const notOwners = {
  regex: "^(~/|(\\.\\.?/)+(app/)?)admin(/|$)",
  message: "The owner's app (app/admin/) is its own room: only its route, app/pages/admin.astro, imports it.",
};
const ownersShared = {
  regex: `^~/(?!admin/|(${ownerSharedParts.map((part) => part.replace(/\./g, "\\.")).join("|")})$)`,
  message: `The owner's app imports from the rest of app/ only the shared parts eslint.config.js names (${ownerSharedParts.join(", ")}); move or split anything else it needs.`,
};
const ownersClimb = {
  // Relative paths stay in a folder or reach contract/: each other folder goes through ~/, where the list above applies.
  regex: "^(\\.\\./)+(?!\\.\\./|contract/)",
  message: "The owner's app imports ./ siblings, contract/ by a relative path, and everything else by ~/ (~/admin/… for its own folders).",
};

const layerRules = [
  {
    // data/ is the typed readers of content/: its own modules, content/ and the contract, never the code that renders it.
    files: ["app/data/**/*.ts"],
    above: ["lib", "components", "views", "pages", "layouts"],
    message: "data/ reads content/: import only data/ (its types included), content/ and contract/, and let lib and components read it.",
  },
  { files: ["app/lib/**/*.{ts,tsx}"], above: ["components", "views", "pages", "layouts"], message: "lib/ is below the components: move what both need into lib/ or data/." },
  { files: ["app/components/**/*.{ts,tsx}"], above: ["views", "pages", "layouts"], message: "Components are composed by pages, not the other way round." },
  {
    // Inline in every page's <head>: every import is bytes on every page.
    files: ["app/head/**/*.ts"],
    above: ["data", "content", "components", "views", "pages", "layouts"],
    message: "A head script imports only lib/'s shared names and contract/: it is inline in every page.",
  },
];

export default tseslint.config(
  // Only output and runtime folders: scripts/build/ and app/data/ are source.
  { ignores: ["build/", ".astro/", "data/", "node_modules/", ".tmp/", "test-results/", "playwright-report/", "bench/.tmp/", "bench/screenshots/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The route files and the layout: Astro's parser, its recommended rules and its accessibility rules.
  ...astro.configs.recommended,
  ...astro.configs["jsx-a11y-strict"],
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // An element module types its own tag for JSX: `declare module "react" { namespace JSX { … } }` (app/lib/custom-element.ts).
    files: ["app/components/**/*.element.ts"],
    rules: { "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }] },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    // One-way imports: the site and the server share only the contract, and the public site never reaches into the owner's app.
    files: ["app/**/*.{ts,tsx,astro}"],
    ignores: ownerFiles,
    rules: { "no-restricted-imports": ["error", { patterns: [siteOnly, notOwners] }] },
  },
  ...layerRules.map(({ files, above: folders, message }) => ({
    files,
    rules: { "no-restricted-imports": ["error", { patterns: [siteOnly, notOwners, above(folders, message)] }] },
  })),
  {
    files: ownerFiles,
    rules: { "no-restricted-imports": ["error", { patterns: [siteOnly, ownersShared, ownersClimb] }] },
  },
  {
    // The owner's words, like data/: their own modules and contract/, never the screens that show them.
    files: ["app/admin/data/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [siteOnly, ownersClimb, { regex: "^~/(?!admin/data/)", message: "app/admin/data/ imports only its own modules and contract/." }] },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/**", "~/*"], message: "The server may import only from contract/." }] }] },
  },
  {
    // It ships to the browser and is read by the server: it stands on nothing of either.
    files: ["contract/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/**", "**/server/**", "~/*"], message: "contract/ imports only contract/." }] }] },
  },
);
