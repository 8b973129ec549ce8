import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const siteOnly = { group: ["**/server/**"], message: "The site may import only from contract/." };
const contentOnly = {
  // `~/` outside content, or a relative path up into the app's code.
  regex: "^(~/(?!content/)|(\\.\\./)+(app/)?(lib/|components/|pages/|routes/|root$|entry\\.server$))",
  message: "Content is data: import only content (its types included) and contract/, and let lib and components read it.",
};

export default tseslint.config(
  { ignores: ["**/build/", "**/.react-router/", "node_modules/", "test-results/", "playwright-report/", "bench/.tmp/", "bench/screenshots/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
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
    // One-way imports: the site and the server share only the contract.
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [siteOnly] }] },
  },
  {
    // Content is data: it imports its own types, other content and the contract,
    // never the code that renders it (lib, components, pages, routes).
    files: ["app/content/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [siteOnly, contentOnly] }] },
  },
  {
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/**", "~/*"], message: "The server may import only from contract/." }] }] },
  },
);
