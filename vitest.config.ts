import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
// The catalogs compiled as the app compiles them, for the texts the tests assert.
const catalogs = () => lingui({ failOnCompileError: true });

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: on CI's two, a single worker,
    // with the other core idle for most of the run. Every suite here is CPU-bound.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react(), catalogs()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Each file in a fresh VM context of a reused process, not a fresh process: jsdom and
          // the bundles load once per worker (1.7 s per file before), 290 s → 153 s alone.
          // happy-dom was faster still but showed a React-set <select> value wrong.
          pool: 'vmForks',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'src/domain/**'],
          setupFiles: ['tests/helpers/setup-dom.ts'],
          css: false,
          // Node would otherwise load Mantine's, the icon sets' and the router's thousands of
          // module files again for every test file; bundled once per run, each file loads a few.
          // React, react-dom, dayjs and zod stay outside the bundles: the tests' own imports
          // (Testing Library, dayjs' locales and plugins, zod/mini) must see the same instance.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mantine/core',
                  '@mantine/hooks',
                  '@mantine/dates',
                  '@mantine/notifications',
                  '@tabler/icons-react',
                  'lucide-react',
                  '@tanstack/react-router',
                  'react-hook-form',
                  '@hookform/resolvers/zod',
                ],
                exclude: ['react-dom', 'dayjs', 'zod'],
              },
            },
          },
        },
      },
      {
        // The domain is pure (design §2): no page, so no jsdom to build for each of its files.
        plugins: [catalogs()],
        resolve: { alias },
        test: {
          name: 'domain',
          environment: 'node',
          include: ['src/domain/**/*.test.{ts,tsx}'],
        },
      },
      {
        // The catalogs, for sync's notices as the screens say them (tests/helpers/catalogs.ts).
        plugins: [catalogs()],
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          // Files share their worker's modules (PGlite, the server, supabase-js load once per
          // worker): 410 s → 266 s alone. Each file starts its own servers on its own databases,
          // and what a file changes globally it puts back. Not vmForks: across VM realms Dexie's
          // zones lost a transaction mid-way, which a browser never does.
          isolate: false,
          include: ['tests/integration/**/*.test.ts', 'server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: one journey keeps CI's two cores about 80% busy, so two
          // side by side took 1,279 s against 1,347 s and failed a timing check.
          fileParallelism: false,
          // A value that has to arrive is polled for as long as a locator waits, not Vitest's
          // default second: on a busy machine the admin's counts took longer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
