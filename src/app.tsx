import { StrictMode, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { MantineProvider } from '@mantine/core';
import { useAppTheme } from '@/config/theme';
import {
  AuthProvider,
  authStateFrom,
  createBrowserAuthStore,
  signedOutAuth,
  useAuth,
  type AuthSnapshot,
  type AuthStore,
} from '@/features/auth';
import { followInvitationUser } from '@/features/sharing/pending-invitation';
import { useLocale } from '@/lib/use-i18n';
import { routeTree } from './routeTree.gen';

/** One router per page load in the browser; one per page when pre-rendering at build time. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    // Replaced on every render by the live auth state passed to RouterProvider.
    context: { auth: signedOutAuth },
    defaultPreload: 'intent',
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Auth-driven moves (after sign-in, sign-out, recovery) replace the entry, so Back does not
 * return to a login form or a page the user may no longer open.
 */
function authNavigator(router: AppRouter) {
  return (href: string) => {
    void router.navigate({ href, replace: true });
  };
}

/**
 * The browser's auth store, started before React renders and handed to the router, so a
 * guarded page's route can load (its guard waiting for the session check) before the first
 * render; App's provider follows it.
 */
export function startBrowserAuth(router: AppRouter): AuthStore {
  const store = createBrowserAuthStore(authNavigator(router));
  store.start();
  router.update({
    ...router.options,
    context: { auth: authStateFrom(store, store.getSnapshot()) },
  });
  return store;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** The providers every render shares, in the browser and when pre-rendering. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {/* The theme's CSS variables are a stylesheet made from it (src/styles/theme-variables.css,
          checked by src/config/theme.test.tsx); computed here they cost every page's first
          download Mantine's resolver and colour functions (issue 22). */}
      <MantineProvider theme={useAppTheme()} withCssVariables={false} defaultColorScheme="light">
        {children}
      </MantineProvider>
    </StrictMode>
  );
}

/**
 * What route guards decide on. The first check settling (`loading` turning false) is not in it:
 * guards wait for that themselves, and reloading every route then would re-render the whole
 * page once more on every visit.
 */
function accessKey({ user, isAdmin, adminVerified }: AuthSnapshot, onAdminPage: boolean): string {
  if (!user) return 'signed-out';
  // Only the admin guard reads whether the admin answer is confirmed yet; the store settles
  // before that answer, and the dashboard's cold open must not load twice when it comes.
  return onAdminPage ? `${user.id}|${isAdmin}|${adminVerified}` : `${user.id}|${isAdmin}`;
}

function RoutedApp({ router }: { router: AppRouter }) {
  const auth = useAuth();
  const access = accessKey(auth, router.state.location.pathname.startsWith('/admin'));
  const userId = auth.user?.id ?? null;
  useEffect(() => {
    // A mailed invitation's token is for the person who opened the link (T1).
    followInvitationUser(userId);
  }, [userId]);
  const rendered = useRef(false);
  useEffect(() => {
    // Guards and loaders ran against the previous access; run them again for the new one.
    // Not while a navigation is loading: its guards read the live state already, and restarting
    // them mid-way (e.g. during the admin guard's sign-out) would lose the redirect they chose.
    if (rendered.current && router.state.status !== 'pending') void router.invalidate();
    rendered.current = true;
  }, [access, router]);
  const locale = useLocale();
  const titledIn = useRef(locale);
  useEffect(() => {
    // Tab titles come from each route's head(), made in the language active then: a switch on
    // the page (the switcher, or the profile's language arriving) makes them again. A
    // navigation under way reads the new language itself.
    if (titledIn.current === locale) return;
    titledIn.current = locale;
    if (router.state.status !== 'pending') void router.invalidate();
  }, [locale, router]);
  useEffect(() => {
    // Set once the first render (or a pre-rendered page's hydration) has committed: from here
    // on every control responds. Tests wait for it before pressing anything.
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return <RouterProvider router={router} context={{ auth }} />;
}

interface AppProps {
  router: AppRouter;
  /** Pre-rendering hands in a store that never starts. */
  authStore?: AuthStore;
  /** Rendering a pre-rendered page's markup (at build time, or hydrating it in the browser). */
  hydrating?: boolean;
}

/** Live auth around the router. */
export function App({ router, authStore, hydrating = false }: AppProps) {
  const navigate = useMemo(() => authNavigator(router), [router]);
  return (
    <AuthProvider navigate={navigate} store={authStore} hydrating={hydrating}>
      <RoutedApp router={router} />
    </AuthProvider>
  );
}
