// ESLint flat config. Besides the usual rules it keeps the layers honest (see
// ../shared/docs/architecture.md): shared/ is pure, host services never import Electron,
// the renderer reaches the host only through its transport.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'url',
  'util',
  'stream',
  'events',
  'http',
  'https',
  'net',
  'node:*/**',
];

/** Bare module names are matched exactly; entries with a slash or '*' are gitignore-style path patterns. */
const restrict = (entries, message) => {
  const paths = entries.filter((e) => !e.includes('/') && !e.includes('*')).map((name) => ({ name, message }));
  const group = entries.filter((e) => e.includes('/') || e.includes('*'));
  return { 'no-restricted-imports': ['error', { paths, patterns: group.length ? [{ group, message }] : [] }] };
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-lib/**',
      'dist-electron/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: restrict(
      [...nodeBuiltins, 'electron', 'react', 'react-dom', '**/electron/**', '**/renderer/**', '**/cli/**'],
      'shared/ is pure TypeScript: no Node, DOM, Electron or app-layer imports.',
    ),
  },
  {
    files: ['electron/host/**/*.ts', 'electron/browser/**/*.ts'],
    rules: restrict(
      ['electron', '**/renderer/**', '**/cli/**', '**/wiring/**'],
      'host services and browser mode never import Electron or the renderer.',
    ),
  },
  {
    files: ['cli/**/*.ts'],
    rules: restrict(['electron', '**/renderer/**', '**/wiring/**'], 'the CLI uses shared/ and the host services only.'),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [...nodeBuiltins, 'electron', '**/electron/**', '**/cli/**'],
        'the renderer reaches the host only through its transport (renderer/src/transport).',
      ),
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
