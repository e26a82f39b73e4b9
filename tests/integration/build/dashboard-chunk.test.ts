import { describe, expect, it } from 'vitest';
import {
  assertGroupsPrivate,
  dashboardChunkModules,
  signedInChunkModules,
  type SurveyChunk,
} from '../../../scripts/dashboard-chunk/plugin';

function chunk(fields: Partial<SurveyChunk>): SurveyChunk {
  return {
    isEntry: fields.isEntry ?? false,
    isDynamicEntry: fields.isDynamicEntry ?? false,
    dynamicImports: fields.dynamicImports ?? [],
    facadeModuleId: fields.facadeModuleId ?? null,
    imports: fields.imports ?? [],
    moduleIds: fields.moduleIds ?? (fields.facadeModuleId ? [fields.facadeModuleId] : []),
    size: fields.size ?? 500,
  };
}

const dashboardRoute = '/app/src/routes/_site/policy-tracker/index.tsx?tsr-split=component';
const settingsRoute = '/app/src/routes/_site/policy-tracker/settings.tsx?tsr-split=component';
const accountMenu = '/app/src/features/auth/account-menu.tsx';
const aboutRoute = '/app/src/routes/_site/about.tsx?tsr-split=component';
const renewDialog = '/app/src/features/tracker/payments/renew-dialog.tsx';
const calendar = '/app/src/domain/calendar/ics.ts';

// A bundle as the bundler splits it: the dashboard's route and its settings page share a card
// and an icon; the about page shares a Mantine part with the dashboard; Dexie is large; the
// tracker's calendar file, loaded by the dashboard only, shares the sync code with it.
const bundle = new Map<string, SurveyChunk>([
  [
    'assets/index.js',
    chunk({
      isEntry: true,
      moduleIds: ['/app/src/main.tsx'],
      dynamicImports: ['assets/dashboard.js', 'assets/about.js', 'assets/settings.js'],
    }),
  ],
  [
    'assets/dashboard.js',
    chunk({
      isDynamicEntry: true,
      facadeModuleId: dashboardRoute,
      moduleIds: [dashboardRoute, '/app/src/domain/tracker/filters.ts'],
      imports: [
        'assets/index.js',
        'assets/card.js',
        'assets/popover.js',
        'assets/dexie.js',
        'assets/sync.js',
      ],
      dynamicImports: ['assets/renew.js', 'assets/ics.js'],
    }),
  ],
  [
    'assets/ics.js',
    chunk({ isDynamicEntry: true, facadeModuleId: calendar, imports: ['assets/sync.js'] }),
  ],
  ['assets/sync.js', chunk({ moduleIds: ['/app/src/sync/repo.ts'], size: 43_000 })],
  [
    'assets/settings.js',
    chunk({
      isDynamicEntry: true,
      facadeModuleId: settingsRoute,
      imports: ['assets/card.js', 'assets/popover.js'],
    }),
  ],
  [
    'assets/card.js',
    chunk({
      moduleIds: ['/app/src/features/tracker/components/policy-card.tsx', '/app/icons/bell.mjs'],
      imports: ['assets/index.js'],
    }),
  ],
  [
    'assets/about.js',
    chunk({ isDynamicEntry: true, facadeModuleId: aboutRoute, imports: ['assets/popover.js'] }),
  ],
  [
    'assets/popover.js',
    chunk({ moduleIds: ['/app/mantine/Popover.mjs'], imports: ['assets/floating.js'] }),
  ],
  ['assets/floating.js', chunk({ moduleIds: ['/app/floating-ui.mjs'] })],
  [
    'assets/dexie.js',
    chunk({
      moduleIds: ['/app/node_modules/dexie/dist/dexie.js'],
      imports: ['assets/tslib.js'],
      size: 98_000,
    }),
  ],
  ['assets/tslib.js', chunk({ moduleIds: ['/app/node_modules/tslib/tslib.mjs'] })],
  [
    'assets/renew.js',
    chunk({ isDynamicEntry: true, facadeModuleId: renewDialog, imports: ['assets/card.js'] }),
  ],
]);

const roots = ['src/routes/_site/policy-tracker/index.tsx?tsr-split=component'];

describe("the dashboard's file", () => {
  it("gathers the modules only signed-in parts load, the route's own module left in its chunk", () => {
    expect([...dashboardChunkModules(bundle, roots)].sort()).toEqual([
      '/app/icons/bell.mjs',
      '/app/src/domain/tracker/filters.ts',
      '/app/src/features/tracker/components/policy-card.tsx',
      '/app/src/sync/repo.ts',
    ]);
  });

  it('leaves what a lazy part public code loads shares with it, wherever that part lives', () => {
    const publicCalendar = new Map(bundle);
    publicCalendar.set(
      'assets/index.js',
      chunk({ isEntry: true, dynamicImports: ['assets/dashboard.js', 'assets/ics.js'] }),
    );
    expect(dashboardChunkModules(publicCalendar, roots).has('/app/src/sync/repo.ts')).toBe(false);
  });

  it('leaves what the account menu shares with it: public pages show that menu too', () => {
    const withMenu = new Map(bundle);
    withMenu.set(
      'assets/index.js',
      chunk({ isEntry: true, dynamicImports: ['assets/dashboard.js', 'assets/menu.js'] }),
    );
    withMenu.set(
      'assets/menu.js',
      chunk({ isDynamicEntry: true, facadeModuleId: accountMenu, imports: ['assets/card.js'] }),
    );
    const members = dashboardChunkModules(withMenu, roots);
    expect(members.has('/app/src/features/tracker/components/policy-card.tsx')).toBe(false);
    expect(members.has('/app/src/domain/tracker/filters.ts')).toBe(true);
  });

  it('leaves what a public page loads, and what it imports, where the bundler put it', () => {
    const members = dashboardChunkModules(bundle, roots);
    expect(members.has('/app/mantine/Popover.mjs')).toBe(false);
    expect(members.has('/app/floating-ui.mjs')).toBe(false);
  });

  it("keeps a large library in its own file, with what it imports, and the entry's code", () => {
    // The app's own code of that size (the sync) still joins: see the first test.
    const members = dashboardChunkModules(bundle, roots);
    expect(members.has('/app/node_modules/dexie/dist/dexie.js')).toBe(false);
    expect(members.has('/app/node_modules/tslib/tslib.mjs')).toBe(false);
    expect(members.has('/app/src/main.tsx')).toBe(false);
  });

  it('is refused when the entry or a public part imports it, allowed for signed-in parts', () => {
    const onlyDashboard = { dashboard: ['assets/dashboard-all.js'], signedIn: [] };
    const built = new Map(bundle);
    built.set('assets/dashboard-all.js', chunk({ moduleIds: ['/app/icons/bell.mjs'] }));
    built.set(
      'assets/settings.js',
      chunk({
        isDynamicEntry: true,
        facadeModuleId: settingsRoute,
        imports: ['assets/dashboard-all.js'],
      }),
    );
    expect(() => assertGroupsPrivate(built, onlyDashboard)).not.toThrow();
    // The invitations' page asks to sign in before its code loads.
    const invitations = '/app/src/routes/_site/policy-tracker_.invitations.tsx?tsr-split=component';
    built.set(
      'assets/invitations.js',
      chunk({
        isDynamicEntry: true,
        facadeModuleId: invitations,
        imports: ['assets/dashboard-all.js'],
      }),
    );
    built.set(
      'assets/index.js',
      chunk({ isEntry: true, dynamicImports: ['assets/settings.js', 'assets/invitations.js'] }),
    );
    expect(() => assertGroupsPrivate(built, onlyDashboard)).not.toThrow();
    built.set('assets/index.js', bundle.get('assets/index.js') ?? chunk({ isEntry: true }));
    built.set(
      'assets/about.js',
      chunk({
        isDynamicEntry: true,
        facadeModuleId: aboutRoute,
        imports: ['assets/dashboard-all.js'],
      }),
    );
    expect(() => assertGroupsPrivate(built, onlyDashboard)).toThrow(/public page/);
    // Pages anyone can open, however close their names are to the tracker's or the admin's.
    for (const page of [
      '/app/src/routes/_site/policy-tracker-intro.tsx?tsr-split=component',
      '/app/src/routes/admin-login.tsx?tsr-split=component',
    ]) {
      built.set(
        'assets/about.js',
        chunk({ isDynamicEntry: true, facadeModuleId: page, imports: ['assets/dashboard-all.js'] }),
      );
      expect(() => assertGroupsPrivate(built, onlyDashboard), page).toThrow(/public page/);
    }
    built.delete('assets/about.js');
    built.set('assets/index.js', chunk({ isEntry: true, imports: ['assets/dashboard-all.js'] }));
    expect(() => assertGroupsPrivate(built, onlyDashboard)).toThrow(/public page/);
  });
});

const badge = '/app/src/features/reminders/due-count-badge.tsx';
const backgroundSync = '/app/src/features/tracker/background-sync.tsx';
const mobileMenu = '/app/src/components/layout/mobile-menu.tsx';

// What every page shows a signed-in user: the account menu (a dropdown it shares with no one, a
// popover the phone menu shares), the due-renewals badge (the reminders' rules, which the
// dashboard shares) and the background sync (the sync code, Dexie). The dashboard as above.
const signedInBundle = new Map<string, SurveyChunk>([
  ...bundle,
  [
    'assets/index.js',
    chunk({
      isEntry: true,
      moduleIds: ['/app/src/main.tsx'],
      dynamicImports: [
        'assets/dashboard.js',
        'assets/about.js',
        'assets/settings.js',
        'assets/menu.js',
        'assets/badge.js',
        'assets/background-sync.js',
        'assets/mobile-menu.js',
      ],
    }),
  ],
  [
    'assets/menu.js',
    chunk({
      isDynamicEntry: true,
      facadeModuleId: accountMenu,
      imports: ['assets/dropdown.js', 'assets/popover.js'],
    }),
  ],
  ['assets/dropdown.js', chunk({ moduleIds: ['/app/mantine/Menu.mjs'] })],
  [
    'assets/badge.js',
    chunk({ isDynamicEntry: true, facadeModuleId: badge, imports: ['assets/due.js'] }),
  ],
  ['assets/due.js', chunk({ moduleIds: ['/app/src/features/reminders/due-items.ts'] })],
  [
    'assets/background-sync.js',
    chunk({
      isDynamicEntry: true,
      facadeModuleId: backgroundSync,
      imports: ['assets/sync.js', 'assets/dexie.js'],
    }),
  ],
  [
    'assets/mobile-menu.js',
    chunk({ isDynamicEntry: true, facadeModuleId: mobileMenu, imports: ['assets/popover.js'] }),
  ],
  [
    'assets/dashboard.js',
    chunk({
      isDynamicEntry: true,
      facadeModuleId: dashboardRoute,
      moduleIds: [dashboardRoute, '/app/src/domain/tracker/filters.ts'],
      imports: ['assets/index.js', 'assets/card.js', 'assets/due.js', 'assets/sync.js'],
    }),
  ],
]);

describe("the signed-in parts' file", () => {
  it('gathers what only the parts every page shows a signed-in user load, their own modules apart', () => {
    expect([...signedInChunkModules(signedInBundle)].sort()).toEqual([
      '/app/mantine/Menu.mjs',
      '/app/src/features/reminders/due-items.ts',
      '/app/src/sync/repo.ts',
    ]);
  });

  it("leaves what a signed-out visitor's page can load, a large library and the entry's code", () => {
    const members = signedInChunkModules(signedInBundle);
    expect(members.has('/app/mantine/Popover.mjs')).toBe(false);
    expect(members.has('/app/floating-ui.mjs')).toBe(false);
    expect(members.has('/app/node_modules/dexie/dist/dexie.js')).toBe(false);
    expect(members.has('/app/node_modules/tslib/tslib.mjs')).toBe(false);
    expect(members.has('/app/src/main.tsx')).toBe(false);
  });

  it("shares no module with the dashboard's file: what both load stays in the signed-in one", () => {
    const dashboard = dashboardChunkModules(signedInBundle, roots);
    const signedIn = signedInChunkModules(signedInBundle);
    expect([...dashboard].filter((id) => signedIn.has(id))).toEqual([]);
    expect(dashboard.has('/app/src/domain/tracker/filters.ts')).toBe(true);
    expect(signedIn.has('/app/src/features/reminders/due-items.ts')).toBe(true);
  });

  it('is refused when a page a signed-out visitor opens imports it, allowed for the tracker', () => {
    const built = new Map(signedInBundle);
    const files = { dashboard: [], signedIn: ['assets/signed-in.js'] };
    built.set('assets/signed-in.js', chunk({ moduleIds: ['/app/mantine/Menu.mjs'] }));
    built.set(
      'assets/menu.js',
      chunk({
        isDynamicEntry: true,
        facadeModuleId: accountMenu,
        imports: ['assets/signed-in.js'],
      }),
    );
    built.set(
      'assets/settings.js',
      chunk({
        isDynamicEntry: true,
        facadeModuleId: settingsRoute,
        imports: ['assets/signed-in.js'],
      }),
    );
    expect(() => assertGroupsPrivate(built, files)).not.toThrow();
    built.set(
      'assets/mobile-menu.js',
      chunk({
        isDynamicEntry: true,
        facadeModuleId: mobileMenu,
        imports: ['assets/popover.js', 'assets/signed-in.js'],
      }),
    );
    expect(() => assertGroupsPrivate(built, files)).toThrow(/signed-out visitor/);
  });
});
