import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './scripts/prerender/plugin.ts';
import { precompressBuild } from './scripts/precompress/plugin.ts';
import { securityHeaders } from './scripts/security-headers/plugin.ts';
import { mantineStylesWithComponents } from './scripts/mantine-styles/plugin.ts';
import { mantineUseIdFromReact } from './scripts/mantine-id/plugin.ts';
import { zodMiniOwnCore } from './scripts/zod-mini-core/plugin.ts';
import { preloadOnlyWhatIsMissing } from './scripts/preload-deps/plugin.ts';
import { stylesheetsLast } from './scripts/preload-deps/stylesheets-last.ts';
import { cacheGroupsPlugin } from './scripts/cache-groups/plugin.ts';
import { CHUNK_SURVEY_ENV, dashboardChunk } from './scripts/dashboard-chunk/plugin.ts';

// Without explicit settings, point the app at the local server started by `npm run server`,
// which writes its URL and anon key here on start.
const localEnvFile = '.data/local-env.json';
if (existsSync(localEnvFile)) {
  const local = JSON.parse(readFileSync(localEnvFile, 'utf8')) as {
    url?: string;
    anonKey?: string;
    vapidPublicKey?: string;
  };
  if (!process.env.VITE_SUPABASE_URL) {
    if (local.url) process.env.VITE_SUPABASE_URL = local.url;
    if (local.anonKey) process.env.VITE_SUPABASE_ANON_KEY = local.anonKey;
  }
  // The push key belongs to that server only; another backend's key would never deliver.
  if (
    !process.env.VITE_VAPID_PUBLIC_KEY &&
    local.vapidPublicKey &&
    process.env.VITE_SUPABASE_URL === local.url
  ) {
    process.env.VITE_VAPID_PUBLIC_KEY = local.vapidPublicKey;
  }
}

const preloads = preloadOnlyWhatIsMissing();
const cacheGroups = cacheGroupsPlugin();
const groups = dashboardChunk();
// The dashboard chunk's first build only needs the chunks: no pages, worker or compressed files.
const survey = Boolean(process.env[CHUNK_SURVEY_ENV]);

export default defineConfig({
  plugins: [
    cacheGroups.plugin,
    groups.plugin,
    mantineStylesWithComponents(),
    mantineUseIdFromReact(),
    zodMiniOwnCore(),
    preloads.plugin,
    stylesheetsLast(),
    // The router plugin must run before react() so generated route chunks get the React transform.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // Compiles src/locales/*.po into message modules (ICU parsed at build time, not in the app).
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // Before VitePWA: the pages it writes must be in the service worker's precache list.
    !survey && prerender(),
    VitePWA({
      // The survey needs its virtual modules only, not a worker.
      disable: survey,
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // Vite 8 emits ES modules by default; a classic service worker must not end in `export`.
        rollupFormat: 'iife',
        // The shells (the app's and the dashboard's, scripts/prerender) and the code (issue 22:
        // the first install ≤ 450 KB gzip, the tracker's and the Hindi code listed apart and
        // cached on first use, scripts/cache-groups). Pre-rendered pages and install icons are
        // fetched when needed; a page visited is kept for offline.
        globPatterns: ['shell.html', 'dashboard-shell.html', 'assets/**/*.{js,css}', 'favicon.svg'],
        // lucide's by-name loader makes one chunk per icon (~1,700); precaching them all would
        // make every install download thousands of files. They are cached when first used.
        globIgnores: ['assets/lucide/**'],
        manifestTransforms: [cacheGroups.manifestTransform],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      // The manifest's icons are the browser's to fetch at install; offline pages never show them.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'BimaGuide — Insurance Guide & Policy Tracker',
        short_name: 'BimaGuide',
        description:
          'Plain-language guides to Bima Sugam and Indian insurance, financial calculators, and a policy tracker that works offline and reminds you before renewals.',
        lang: 'en-IN',
        // The installed app is the tracker; the guides are a tap away.
        start_url: '/policy-tracker',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#087f5b',
        background_color: '#ffffff',
        categories: ['finance', 'education', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '540x1080',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Guides and calculators on a phone',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'BimaGuide home on a desktop',
          },
        ],
        shortcuts: [
          {
            name: 'Policy Tracker',
            short_name: 'Policies',
            url: '/policy-tracker',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Calculators',
            short_name: 'Calculators',
            url: '/?calc=hlv#calculators',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      devOptions: { enabled: false },
      integration: { closeBundleOrder: 'post' },
    }),
    // It hashes the inline scripts of every page the steps above wrote.
    !survey && securityHeaders(),
    // Last: it compresses every file as written.
    !survey && precompressBuild(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The router's store asks for the shim, which polyfills useSyncExternalStore for React 17;
      // the plain entry uses React 19's own (the shim's code left the first download).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser that runs an es2022 build has native <link rel=modulepreload>; the
    // polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      treeshake: {
        // src/**/index.ts files only re-export, and src/domain is pure logic whose one top-level
        // call (dayjs.extend) serves its own functions. Marked free of side effects, a module
        // there loads only where its exports are used: a barrel no longer drags every module it
        // names into the chunk of whoever imports one name from it (so lazily imported
        // components get their own chunks), and a zod schema no longer brings dayjs along.
        moduleSideEffects: (id) =>
          /\/src\/(?:[^/?]+\/)*index\.ts$/.test(id) || /\/src\/domain\/[^?]+\.ts$/.test(id)
            ? false
            : undefined,
      },
      output: {
        // React and the router load on every route. Kept in one chunk they compress better than
        // as the dozen small shared chunks the default splitting makes of them. Not zod: the
        // first download has only the little of it zod/mini needs (src/lib/zod-without-eval.ts),
        // and the full API comes with the code that uses it.
        codeSplitting: {
          groups: [
            // The dashboard's own modules and those of what every page shows a signed-in user,
            // chosen from a first build's chunks (see the file).
            { name: 'dashboard', test: groups.dashboard, includeDependenciesRecursively: false },
            { name: 'signed-in', test: groups.signedIn, includeDependenciesRecursively: false },
            {
              name: 'framework',
              // Not the router's navigation blocker: only the admin's leave guard uses it, so it
              // loads with that code instead of on every page.
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/.test(
                  id,
                ) && !/[\\/]@tanstack[\\/]react-router[\\/].*[\\/]useBlocker\.js$/.test(id),
            },
          ],
        },
        // Content hashes alone: every lazy import's preload list names its chunks, and the
        // entry holds the lists of every route, so readable names cost the first download
        // about 1.2 KB gzip (issue 22). .vite/manifest.json maps each file to its sources.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/lucide-react/dist/esm/icons/')
            ? 'assets/lucide/[name]-[hash].js'
            : 'assets/[hash].js',
        // The same for stylesheets: a lazy import's list names the sheets of its chunks too.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'assets/[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
