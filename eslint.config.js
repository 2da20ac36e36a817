// Lint: typescript-eslint's recommended type-aware-free rules and React's hook rules over all our code,
// no import cycles, and the boundaries between the layers (README "Folders").
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What the worker and the compiler may import from client/: the contract and what they render. */
const serverSideOfClient = {
  regex: '(^|/)client/(?!contract/|components/|islands/|site-modules/|App\\.tsx$|render-tree\\.tsx$)',
  message:
    'The worker and the compiler import from client/ only the contract (client/contract/) and the components they render.',
};

/** The site config's schema is zod: only the compiler runs it; the others take its types. */
const siteConfigTypesOnly = {
  regex: '(^|/)site-config\\.ts$',
  allowTypeImports: true,
  message: 'Import only types from client/contract/site-config.ts here: its schema (zod) runs in the compiler alone.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.wrangler/', 'test-results/', 'playwright-report/', 'tests/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS picked by the worker's bundler (worker/render/string-renderer.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // These two come from the React Compiler's rule set, which we do not run. Reading
      // browser-only state (cookie, localStorage, media queries) must happen after hydration,
      // so a setState in a mount effect is the intended pattern; and the "latest callback in a
      // ref" pattern keeps DocSearch's props stable (it resets its state when they change).
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      // Unused names are dead code; a leading underscore marks a deliberately unused argument.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
      // Modules that import each other, type imports included, are one concept in two files.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The contract is what every side shares: it depends on nothing else of ours or of anyone's.
    files: ['client/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$|zod$)',
              message: 'client/contract/ imports nothing outside itself: move the shape here, or the code out.',
            },
            siteConfigTypesOnly,
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)contract/storage\\.ts$',
              message: 'Browser code never imports storage keys or the manifest (client/contract/storage.ts).',
            },
            { regex: '(^|/)(worker|scripts)/', message: 'Browser code imports nothing of the worker or the compiler.' },
            siteConfigTypesOnly,
          ],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverSideOfClient] }] },
  },
  {
    files: ['worker/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverSideOfClient,
            siteConfigTypesOnly,
            {
              regex: '(^|/)scripts/',
              message: 'The worker serves what the compiler stored; it imports none of its code.',
            },
          ],
        },
      ],
    },
  },
);
