import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { theme } from '@/config/theme';
import { signedOutAuth } from '@/features/auth';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
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

function App() {
  return <RouterProvider router={router} context={{ auth: signedOutAuth }} />;
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <App />
    </MantineProvider>
  </StrictMode>,
);
