import { Suspense, useEffect, useState } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { useMediaQuery } from '@mantine/hooks';
import { storageKeys, timings } from '@/config/site';
import { loadCatalogPart } from '@/lib/i18n';

// Mantine's Dialog brings Affix, Portal, Transition and CloseButton: loaded when the hint first
// opens, with its texts, so the pages (and phones, which never see it) do not download them
// up front.
const BookmarkHintDialog = retryingLazy(async () => {
  const [m] = await Promise.all([import('./bookmark-hint-dialog'), loadCatalogPart('notices')]);
  return { default: m.BookmarkHintDialog };
});

function alreadySeen(): boolean {
  try {
    return window.localStorage.getItem(storageKeys.bookmarkHintSeen) === '1';
  } catch {
    // Storage can be blocked (private mode, policies); then treat the hint as seen rather than nag.
    return true;
  }
}

function rememberSeen(): void {
  try {
    window.localStorage.setItem(storageKeys.bookmarkHintSeen, '1');
  } catch {
    /* nothing more we can do; the hint simply may show again */
  }
}

/** Desktop-only nudge to bookmark the site; phones get the install prompt instead. */
export function BookmarkHint() {
  const isDesktop = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  // Stays mounted once opened, so closing still plays the dialog's exit transition.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (!isDesktop || alreadySeen()) return;
    const timer = window.setTimeout(() => {
      setWanted(true);
      setOpened(true);
    }, timings.bookmarkHintDelayMs);
    return () => window.clearTimeout(timer);
  }, [isDesktop]);

  const close = () => {
    rememberSeen();
    setOpened(false);
  };

  if (!isDesktop || !wanted) return null;

  return (
    <Suspense fallback={null}>
      <BookmarkHintDialog opened={opened} onClose={close} />
    </Suspense>
  );
}
