import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Import direction (design §3): routes → features → components | sync | db | lib → domain.
// Each layer lists what it must not reach into.
const layer = (files, patterns, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'dev-dist',
      'node_modules',
      'coverage',
      '.data',
      'src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': true, 'ts-ignore': true }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  layer(
    ['src/domain/**'],
    [
      '@/routes/*',
      '@/features/*',
      '@/components/*',
      '@/sync/*',
      '@/db/*',
      '@/lib/*',
      'react',
      'react-dom',
      '@mantine/*',
      'dexie',
      '@supabase/*',
    ],
    'src/domain is framework-free and imports nothing above it.',
  ),
  layer(
    ['src/lib/**', 'src/db/**', 'src/components/**', 'src/config/**'],
    ['@/routes/*', '@/features/*'],
    'Shared layers must not import routes or features.',
  ),
  layer(
    ['src/sync/**'],
    ['@/routes/*', '@/features/*', '@/components/*'],
    'The sync engine must not import UI.',
  ),
  // A feature may use another feature only through its public index, never its internals.
  ...readdirSync('src/features').map((feature) =>
    layer(
      [`src/features/${feature}/**`],
      ['@/routes/*', '@/features/*/**', `!@/features/${feature}/**`],
      "Features must not import routes or other features' internals (use @/features/<name>).",
    ),
  ),
  layer(
    ['server/**'],
    [
      '@/routes/*',
      '@/features/*',
      '@/components/*',
      '@/sync/*',
      '@/db/*',
      '@/lib/*',
      '**/src/routes/*',
      '**/src/features/*',
      '**/src/lib/*',
      '**/src/db/*',
      '**/src/sync/*',
      '**/src/components/*',
    ],
    'server/ may import src/domain only.',
  ),
);
