// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'fixtures/', 'coverage/', 'bench/corpus/', '**/*.d.ts'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain Node scripts (CommonJS) run from the built dist/.
    files: ['scripts/**/*.js', 'test/**/*.cjs', 'codemod/scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Journey drivers of the sample apps (ES modules run by Node).
    files: ['test/**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
  {
    // The Codemod package's jssg step: an ES module run by the Codemod CLI's JavaScript runtime (LLRT).
    files: ['codemod/scripts/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { process: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
