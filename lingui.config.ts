import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Catalogs per language (src/locales/<locale>.po, and one per lazily loaded part in
// src/locales/<part>/<locale>.po), compiled at build time by @lingui/vite-plugin, so the browser
// gets plain message objects and no ICU parser. Messages use explicit ids (Lingui's macros need
// Babel or SWC; Vite 8 compiles with Oxc). The parts' texts load with their code (issue 22: the
// first download), see `loadCatalogPart` in src/lib/i18n.ts.
// The shell's parts that load later (each lazily): their texts too.
const notices = [
  '<rootDir>/src/components/layout/not-found.tsx',
  '<rootDir>/src/components/layout/bookmark-hint-dialog.tsx',
  '<rootDir>/src/features/pwa/offline-notice.tsx',
  '<rootDir>/src/features/pwa/update-prompt.tsx',
  '<rootDir>/src/features/pwa/ios-install-steps.tsx',
];

// Loaded by the /policy-tracker routes and the invitations page.
const tracker = [
  '<rootDir>/src/features/tracker',
  '<rootDir>/src/features/sharing',
  '<rootDir>/src/features/transfer',
  '<rootDir>/src/features/documents',
  '<rootDir>/src/features/reminders',
];
// Loaded by /login, /admin-login and the password pages, the auth store's toasts and the
// account menu (signed in).
/** The premium outlook's page: its texts load with it, not with the dashboard. */
const outlook = ['<rootDir>/src/features/tracker/outlook'];
const account = [
  '<rootDir>/src/features/auth/login-page.tsx',
  '<rootDir>/src/features/auth/credentials-form.tsx',
  '<rootDir>/src/features/auth/auth-card.tsx',
  '<rootDir>/src/features/auth/password-change-form.tsx',
  '<rootDir>/src/features/auth/password-reset-page.tsx',
  // The server's refusals in words: the auth store loads them with its first error toast.
  '<rootDir>/src/features/auth/auth-error-text.ts',
  '<rootDir>/src/features/auth/account-menu.tsx',
];

/** The news, glossary and FAQ pages: their routes' loaders load these texts. */
const content = [
  '<rootDir>/src/features/content/pages/news-list-page.tsx',
  '<rootDir>/src/features/content/pages/news-article-page.tsx',
  '<rootDir>/src/features/content/pages/glossary-list-page.tsx',
  '<rootDir>/src/features/content/pages/glossary-term-page.tsx',
  '<rootDir>/src/features/content/pages/faq-page.tsx',
  '<rootDir>/src/features/content/components/content-unavailable.tsx',
  '<rootDir>/src/features/content/guides/index.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  fallbackLocales: false,
  // Every msgid is an explicit id (`home.title`), or for src/domain's validation messages the
  // English text itself, never a hash of the text.
  format: formatter({ explicitIdAsDefault: true }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: [
        '<rootDir>/src/features/calculators',
        '<rootDir>/src/domain/calculators',
        '<rootDir>/src/features/callback',
        ...notices,
        ...tracker,
        ...account,
        ...content,
      ],
    },
    {
      path: '<rootDir>/src/locales/calculators/{locale}',
      include: ['<rootDir>/src/features/calculators', '<rootDir>/src/domain/calculators'],
    },
    { path: '<rootDir>/src/locales/notices/{locale}', include: notices },
    {
      path: '<rootDir>/src/locales/callback/{locale}',
      include: ['<rootDir>/src/features/callback'],
    },
    {
      path: '<rootDir>/src/locales/tracker/{locale}',
      include: tracker,
      exclude: outlook,
    },
    { path: '<rootDir>/src/locales/outlook/{locale}', include: outlook },
    {
      path: '<rootDir>/src/locales/account/{locale}',
      include: account,
    },
    { path: '<rootDir>/src/locales/content/{locale}', include: content },
  ],
});
