// ESLint flat config. Besides the usual rules it keeps the layers honest (see
// ../shared/docs/architecture.md): shared/ is pure, host services never import Electron,
// the renderer reaches the host only through its transport.
import fs from 'node:fs';
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

/**
 * The renderer's folders (renderer/README.md). Every folder of renderer/src that is none of
 * these is a feature: it imports only the store, the UI pieces, Monaco's helpers, the
 * transport and shared/ — never another feature or app/, which alone composes features.
 */
const RENDERER_BASE = ['app', 'store', 'ui', 'monaco', 'transport', 'testing'];
const rendererRoot = new URL('./renderer/src/', import.meta.url);
const FEATURES = fs
  .readdirSync(rendererRoot, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !RENDERER_BASE.includes(e.name))
  .map((e) => e.name)
  .sort();

const rendererRestriction = [
  [...nodeBuiltins, 'electron', '**/electron/**', '**/cli/**'],
  'the renderer reaches the host only through its transport (renderer/src/transport).',
];

/** The renderer's own restriction plus the folders of renderer/src a folder must not import (matched as `../<folder>`). */
const rendererFolderRule = (forbidden, message) => {
  const base = restrict(...rendererRestriction)['no-restricted-imports'][1];
  const regex = `^(\\.\\./)+(${forbidden.join('|')})(/|$)`;
  return { 'no-restricted-imports': ['error', { paths: base.paths, patterns: [...base.patterns, { regex, message }] }] };
};

/** What each folder of renderer/src may not import (besides the renderer's own restriction), and why. */
const rendererFolderLimits = [
  ...FEATURES.map((feature) => [
    feature,
    ['app', ...FEATURES.filter((f) => f !== feature)],
    "a feature imports only store/, ui/, monaco/, transport/ and shared/: another feature's view is handed over by app/ (a prop, or a slot of ui/slots.tsx), its state is in the store.",
  ]),
  ['store', ['app', 'monaco', ...FEATURES], 'the store imports only ui/, shared/ and its own files.'],
  ['monaco', ['app', ...FEATURES], "monaco/ holds Monaco's setup and helpers: it imports the store, ui/ and shared/ only."],
  [
    'ui',
    ['app', 'store', 'monaco', 'transport', ...FEATURES],
    'ui/ holds UI pieces that know no state: they import shared/ and each other only.',
  ],
  ['transport', ['app', 'store', 'ui', 'monaco', ...FEATURES], 'the transport imports shared/ only.'],
];

/** Per folder: its files may not import those folders; its tests may also set up a store on the fake API (testing/). */
const rendererFolders = rendererFolderLimits.flatMap(([folder, forbidden, message]) => [
  {
    files: [`renderer/src/${folder}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: rendererFolderRule([...forbidden, 'testing'], message),
  },
  { files: [`renderer/src/${folder}/**/*.test.{ts,tsx}`], rules: rendererFolderRule(forbidden, message) },
]);

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
      ...restrict(...rendererRestriction),
    },
  },
  ...rendererFolders,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
