import { createFileRoute, Outlet } from '@tanstack/react-router';
import { activateLocale, initialLocale } from '@/lib/i18n';
import { keepForOffline } from '@/features/pwa';
import { SiteShell } from './-components/site-shell';

export const Route = createFileRoute('/_site')({
  // Every page opens in its language before it renders: a localized page's address names it
  // (/hi/… is Hindi, its English twin English), every other page follows the device's choice.
  // Hindi's own code (catalogs, pages) is kept for offline use once Hindi is first shown.
  beforeLoad: async ({ location }) => {
    const locale = initialLocale(location.pathname);
    await activateLocale(locale);
    if (locale === 'hi') void keepForOffline('hi');
  },
  component: () => (
    <SiteShell>
      <Outlet />
    </SiteShell>
  ),
});
