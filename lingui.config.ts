import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// One catalog per language (src/locales/<locale>.po), compiled at build time by
// @lingui/vite-plugin, so the browser gets plain message objects and no ICU parser. Messages
// use explicit ids (Lingui's macros need Babel or SWC; Vite 8 compiles with Oxc).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  fallbackLocales: false,
  // Every msgid is an explicit id (`home.title`), or for src/domain's validation messages the
  // English text itself, never a hash of the text.
  format: formatter({ explicitIdAsDefault: true }),
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'] }],
});
