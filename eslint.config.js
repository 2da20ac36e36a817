// Lint: typescript-eslint's recommended type-aware-free rules and React's hook rules over all our code.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.wrangler/', 'test-results/', 'playwright-report/', 'tests/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
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
    },
  },
);
