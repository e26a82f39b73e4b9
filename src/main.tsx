import { startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './styles/global.css';
import { App, AppProviders, createAppRouter } from './app';

const router = createAppRouter();

// Spec: every route change lands at the top of the new page.
router.subscribe('onResolved', ({ pathChanged }) => {
  if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');

const prerendered = rootElement.hasAttribute('data-prerendered');
const app = (
  <AppProviders>
    <App router={router} hydrating={prerendered} />
  </AppProviders>
);

/**
 * React recovers from a pre-rendered page that differs from its first render by rendering it
 * anew; the page still works, so this is a warning (the e2e suite fails on it), not an error.
 */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  console.warn('BimaGuide: hydration fell back to rendering', error, info.componentStack ?? '');
}

if (prerendered) {
  // The build rendered this page (scripts/prerender) with the router in its server mode, which
  // leaves out the Suspense boundary a client-only router puts around the matches; the hydrating
  // tree must have the same shape.
  router.ssr = { manifest: undefined };
  // The page's code is loaded before hydrating, so React's first render is that page. Hydrating
  // in a transition lets React yield to the browser: a slow phone keeps scrolling meanwhile.
  void router.load().then(
    () => startTransition(() => void hydrateRoot(rootElement, app, { onRecoverableError })),
    (error: unknown) => {
      console.error('Loading the page failed', error);
      createRoot(rootElement).render(app);
    },
  );
} else {
  // Routes that are not pre-rendered load on mount, where guards can wait for the sign-in state.
  startTransition(() => createRoot(rootElement).render(app));
}
