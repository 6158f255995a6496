import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Folder boundaries (docs/architecture.md#feature-boundaries), checked on every import path.
// The feature list is the folders of src/features: a new feature is covered the day its folder exists.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** One rule block: files matching `files` may not import paths matching any of `forbidden` (regexes). */
function boundary(files, forbidden, message) {
  return {
    files,
    // Tests may reach across folders (a unit test may compare the SPA's view with the stack's).
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbidden.map((regex) => ({ regex, message })) }] },
  };
}

// ESLint keeps only the last matching block's options of a rule, so the blocks below never overlap:
// each one carries every pattern that applies to its files.
const NOT_SERVER_SIDE = '(^|/)(local-stack|scripts|tests)/';
// Inside src/ a file reaches another folder through the `@/` alias (src/), never through `../` —
// except src/features/public-site/site-pages.ts, which vite.config.ts loads (Vite's config loader
// does not know the alias).
const NO_PARENT_PATH = '^\\.\\./';
const boundaries = [
  // A feature never imports another feature: what two features share lives in src/lib, src/api or src/components.
  ...FEATURES.map((feature) =>
    boundary(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      [
        `(^|/)features/(?!${feature}/)[^/]+/`,
        `^(\\.\\./)+(?!${feature}/)(${FEATURES.join('|')})/`,
        NOT_SERVER_SIDE,
        NO_PARENT_PATH,
      ],
      'A feature imports only its own files, src/lib, src/api and src/components, never another feature or the server side.',
    ),
  ),
  boundary(
    ['src/lib/**/*.{ts,tsx}', 'src/api/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ['(^|/)features/', NOT_SERVER_SIDE, NO_PARENT_PATH],
    'src/lib, src/api and src/components import no feature and nothing of the server side, and reach src/ through `@/`.',
  ),
  {
    ...boundary(['src/**/*.{ts,tsx}'], [NOT_SERVER_SIDE, NO_PARENT_PATH], 'The SPA imports nothing from local-stack, scripts or tests, and reaches src/ through `@/`.'),
    ignores: ['**/*.test.{ts,tsx}', 'src/features/**', 'src/lib/**', 'src/api/**', 'src/components/**'],
  },
  boundary(['local-stack/**/*.ts'], ['(^|/)(scripts|tests|src)/'], 'local-stack imports nothing from scripts, tests or src.'),
  boundary(['scripts/**/*.ts'], ['(^|/)tests/'], 'scripts do not import tests.'),
  // Last, so that it wins over the public-site block for this one file (see NO_PARENT_PATH).
  boundary(
    ['src/features/public-site/site-pages.ts'],
    ['(^|/)features/(?!public-site/)[^/]+/', NOT_SERVER_SIDE],
    'site-pages.ts (loaded by vite.config.ts) imports only src/lib and public-site files, through relative paths.',
  ),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data*', 'coverage', 'tests/e2e/artifacts', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // No import cycle anywhere (src, local-stack, scripts, tests): a cycle fails the lint step of CI.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...boundaries,
);
