// ESLint: typescript-eslint's type-aware-free recommended rules, React hooks and
// jsx-a11y over the app, tests and configs. Prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/wasm-pkg',
      'src/wasm-pkg-js',
      'wasm-core/target',
      'test-results',
      'playwright-report',
      '.venv',
      'python/target',
      // The notebook widget's bundle (npm run widget).
      'python/cachescope/widget',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['**/*.{js,mjs,cjs}', 'wasm-core/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  // A user policy's templates show every method of the interface with all its arguments, used or not.
  {
    files: ['wasm-core/sim/src/policy/user/templates/*.js'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
);
