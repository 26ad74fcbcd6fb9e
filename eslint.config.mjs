// ESLint (flat config) for the browser app, its workers and the build's Node helpers: `npx eslint .`
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/**", "build/**", ".cache/**", "node_modules/**", ".venv/**", "e2e/artifacts/**"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["web/js/engine/worker.js", "web/sw.js", "web/lab/lab-worker.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    files: ["tools/**/*.mjs", "tests/js/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
