import { StrictMode, useCallback, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import './styles/global.css';
import { cssVariablesResolver, theme } from '@/config/theme';
import { AuthProvider, signedOutAuth, useAuth } from '@/features/auth';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  // Replaced on every render by the live auth state passed to RouterProvider below.
  context: { auth: signedOutAuth },
  defaultPreload: 'intent',
  scrollRestoration: false,
});

// Spec: every route change lands at the top of the new page.
router.subscribe('onResolved', ({ pathChanged }) => {
  if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function RoutedApp() {
  const auth = useAuth();
  const rendered = useRef(false);
  useEffect(() => {
    // Guards and loaders ran against the previous auth state; run them again for the new one.
    // Not while a navigation is loading: its guards read the live state already, and restarting
    // them mid-way (e.g. during the admin guard's sign-out) would lose the redirect they chose.
    if (rendered.current && router.state.status !== 'pending') void router.invalidate();
    rendered.current = true;
  }, [auth]);
  return <RouterProvider router={router} context={{ auth }} />;
}

function App() {
  // Auth-driven moves (after sign-in, sign-out, recovery) replace the entry, so Back does not
  // return to a login form or a page the user may no longer open.
  const navigate = useCallback((href: string) => {
    void router.navigate({ href, replace: true });
  }, []);
  return (
    <AuthProvider navigate={navigate}>
      <RoutedApp />
    </AuthProvider>
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <App />
    </MantineProvider>
  </StrictMode>,
);
