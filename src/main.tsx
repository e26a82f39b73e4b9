// First: schemas defined by the modules below must see this setting (see the file).
import './lib/zod-without-eval';
// Before any lazy part: the browser's one install offer comes early (see the file).
import './lib/install-prompt';
import { startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Mantine's base rules; each component's come with the code that renders it, all in one cascade
// layer below the app's own rules (scripts/mantine-styles/plugin.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
// The theme's own values over Mantine's defaults (src/config/theme.test.tsx makes the file).
import './styles/theme-variables.css';
import '@mantine/core/styles/global.layer.css';
import './styles/global.css';
import { App, AppProviders, createAppRouter, startBrowserAuth } from './app';
import { PAINTED_PATIENCE_MS, SNAPSHOT_ATTRIBUTE } from './domain/dashboard-snapshot-names';
import { setBuildEntry } from './lib/build-entry';
import { dropKeptDashboard, paintedSnapshot } from './lib/kept-dashboard';
import { activateLocale, initialLocale, intlLocale } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { renderWhenReady } from './lib/render-when-ready';
import { evaluateInTurn, listedRouteCode } from './lib/route-code';

// The kept dashboard names the build that drew it (src/features/tracker/dashboard-snapshot.ts).
setBuildEntry(import.meta.url);
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing #root');
const locale = initialLocale(location.pathname);
// A page is pre-rendered in one language (its <html lang>); in the other one, React renders the
// page anew instead of hydrating markup whose every text would differ.
const prerendered =
  rootElement.hasAttribute('data-prerendered') &&
  document.documentElement.lang === intlLocale[locale];
// The dashboard as this device last showed it, painted by the service worker (a cold open on
// the dashboard, src/features/tracker/dashboard-snapshot.ts); in another language than the app
// starts in, it is not shown.
let snapshot = paintedSnapshot();
if (snapshot && snapshot.getAttribute('lang') !== intlLocale[locale]) {
  snapshot.remove();
  snapshot = null;
}

/**
 * React recovers from a pre-rendered page that differs from its first render by rendering it
 * anew; the page still works, so this is a warning (the e2e suite fails on it), not an error.
 */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  console.warn('BimaGuide: hydration fell back to rendering', error, info.componentStack ?? '');
}

/**
 * How long a page that is not pre-rendered may take to load its route, once its code is in,
 * before React renders anyway, showing the route's pending screen ('Loading...'): until then
 * the painted shell's bar stands, and a pending screen that would only flash is not worth a
 * render of its own. Counted from the load's start: a render before it would make the router
 * start a load of its own, and the page load twice.
 */
const PENDING_AFTER_MS = 1000;

function boot(root: HTMLElement) {
  const router = createAppRouter();
  // Spec: every route change lands at the top of the new page.
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  });
  // A page that is not pre-rendered starts the session check now, not after a first render,
  // and loads its route (the guard waiting for that check) before React renders, as a
  // pre-rendered page loads its route before hydrating: the first render is then the page, in
  // one transition that yields to the browser, instead of a pending screen followed by the
  // router's own updates, which React renders synchronously, each one long task on a slow phone
  // (issue 22). A pre-rendered page's check waits for hydration: it must first match the page
  // as built, for nobody (src/features/auth/auth-context.tsx).
  const authStore = prerendered ? undefined : startBrowserAuth(router);
  if (snapshot) {
    // Painted before the session could be read: not this device's signed-in user's list (signed
    // out meanwhile, or another account), it goes at once and for good.
    if (snapshot.getAttribute(SNAPSHOT_ATTRIBUTE) !== authStore?.getSnapshot().user?.id) {
      snapshot.remove();
      snapshot = null;
      void dropKeptDashboard();
    } else {
      // Sent elsewhere (the session ended): not shown again either.
      const stop = router.subscribe('onResolved', ({ toLocation }) => {
        stop();
        if (toLocation.pathname !== '/policy-tracker') void dropKeptDashboard();
      });
    }
  }
  const app = (
    <AppProviders>
      <App router={router} hydrating={prerendered} authStore={authStore} />
    </AppProviders>
  );
  // The build rendered a pre-rendered page (scripts/prerender) with the router in its server
  // mode, which leaves out the Suspense boundary a client-only router puts around the matches;
  // the hydrating tree must have the same shape.
  if (prerendered) router.ssr = { manifest: undefined };
  const render = (failed: boolean) =>
    // In a transition, React yields to the browser: a slow phone keeps scrolling meanwhile.
    startTransition(() =>
      prerendered && !failed
        ? void hydrateRoot(root, app, { onRecoverableError })
        : createRoot(root).render(app),
    );
  // Building the route table above, evaluating the page's code (a file per task, see
  // evaluateInTurn: the pre-rendered pages and the dashboard's shell list it) and starting the
  // page's load are each a slice of work of their own: a turn for the browser in between keeps
  // them out of one long task (issue 22).
  void nextTask()
    .then(() => evaluateInTurn(listedRouteCode()))
    .then(() =>
      // A pre-rendered page stands until the page is ready, and the kept dashboard for a while
      // (it is inert: not for long).
      renderWhenReady(
        router.load(),
        render,
        prerendered ? Infinity : snapshot !== null ? PAINTED_PATIENCE_MS : PENDING_AFTER_MS,
      ),
    );
}

// Evaluating the modules and building the route table are each a good slice of work on a slow
// phone; a turn for the browser in between keeps both out of one long task.
// The catalog comes first: every text of the first render is in it.
void activateLocale(locale).then(
  () => setTimeout(() => boot(rootElement), 0),
  (error: unknown) => {
    // Offline before the service worker cached the catalog: the page stays as painted.
    console.error('Loading the language failed', error);
  },
);
