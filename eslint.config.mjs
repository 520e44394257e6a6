// Lint: typescript-eslint with type information (floating promises need it). Formatting is
// Prettier's job (.prettierrc.json); `npm run lint` runs both checks and is part of `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layers from './eslint.layers.cjs';
import regexpRules from './eslint.regexp.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'proto/src/gen/**', '.infra/**', 'data/**', 'coverage/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: {
        project: [
          './proto/tsconfig.json',
          './packages/*/tsconfig.json',
          './services/*/tsconfig.json',
          './gateway/tsconfig.json',
          './apps/*/tsconfig.json',
          './tools/*/tsconfig.json',
          './test/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'off', // validators match control characters on purpose (NUL, C0)
    },
  },
  {
    files: ['bench/**/*.js', '*.js', '*.cjs', '*.mjs', 'deploy/**/*.js', 'scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
      },
    },
  },
  { files: ['*.mjs', 'scripts/**/*.mjs'], languageOptions: { sourceType: 'module' } },
  // Regular expressions that cannot backtrack in polynomial time (eslint.regexp.mjs).
  ...regexpRules,
  // The layers inside each service and the walls between packages (eslint.layers.cjs, docs/conventions.md).
  ...layers.layerRules,
);
