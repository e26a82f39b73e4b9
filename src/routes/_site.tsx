import { createFileRoute, Outlet } from '@tanstack/react-router';
import { activateLocale, initialLocale } from '@/lib/i18n';
import { SiteShell } from './-components/site-shell';

export const Route = createFileRoute('/_site')({
  // Every page opens in its language before it renders: a localized page's address names it
  // (/hi/… is Hindi, its English twin English), every other page follows the device's choice.
  beforeLoad: ({ location }) => activateLocale(initialLocale(location.pathname)),
  component: () => (
    <SiteShell>
      <Outlet />
    </SiteShell>
  ),
});
