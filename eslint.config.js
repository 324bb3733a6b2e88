// eslint for the project's own JavaScript (make lint-js). One dialect: ES2017 and later, plain browser scripts
// (no bundler, no build step), `const`/`let` only. Vendored files (tests/e2e/vendor, static/vendor) are not ours.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    // templates/phone/sw.js is a Django template ({% static %} tags), not plain JavaScript.
    ignores: ["node_modules/", ".venv/", "staticfiles/", "var/", "**/vendor/**", "templates/"],
  },
  js.configs.recommended,
  {
    // The pages' scripts: classic scripts loaded with `defer`, talking to each other through window.Cego* objects.
    files: ["tournament/**/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2017,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  {
    // Functions the browser tests evaluate in the page (page.evaluate): one expression, browser globals.
    files: ["tests/e2e/**/*.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "script", globals: { ...globals.browser } },
    rules: { "no-var": "error", "prefer-const": "error" },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
    rules: { "no-var": "error", "prefer-const": "error" },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
  },
];
