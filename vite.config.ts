import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// Without explicit settings, point the app at the local server started by `npm run server`,
// which writes its URL and anon key here on start.
const localEnvFile = '.data/local-env.json';
if (!process.env.VITE_SUPABASE_URL && existsSync(localEnvFile)) {
  const local = JSON.parse(readFileSync(localEnvFile, 'utf8')) as {
    url?: string;
    anonKey?: string;
  };
  if (local.url) process.env.VITE_SUPABASE_URL = local.url;
  if (local.anonKey) process.env.VITE_SUPABASE_ANON_KEY = local.anonKey;
}

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so generated route chunks get the React transform.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: false },
});
