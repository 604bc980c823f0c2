import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  // Generated code (antlr-ng's CEL parser and lexer) is regenerated, never edited.
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'e2e/.out', '.stryker-tmp', 'reports', 'src/core/sharding/cel/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // core and sim are deterministic: no wall clock, no ambient randomness.
    files: ['src/core/**/*.ts', 'src/sim/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/sim/cli/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pass a seeded PRNG in.' },
        { object: 'Date', property: 'now', message: 'Pass the simulated clock in.' },
        { object: 'performance', property: 'now', message: 'Pass the simulated clock in.' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
