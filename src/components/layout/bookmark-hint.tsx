import { useEffect, useState } from 'react';
import { CloseButton, Dialog, Group, Kbd, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBookmark } from '@tabler/icons-react';
import { useT, withElements } from '@/lib/use-i18n';
import { site, storageKeys, timings } from '@/config/site';

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

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Desktop-only nudge to bookmark the site; phones get the install prompt instead. */
export function BookmarkHint() {
  const t = useT();
  const isDesktop = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!isDesktop || alreadySeen()) return;
    const timer = window.setTimeout(() => setOpened(true), timings.bookmarkHintDelayMs);
    return () => window.clearTimeout(timer);
  }, [isDesktop]);

  const close = () => {
    rememberSeen();
    setOpened(false);
  };

  // Phones never see it, so they do not pay for its dialog either.
  if (!isDesktop) return null;

  return (
    <Dialog
      opened={opened}
      onClose={close}
      withCloseButton={false}
      size="md"
      radius="md"
      position={{ bottom: 20, left: 20 }}
      role="dialog"
      aria-labelledby="bookmark-hint-title"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBookmark size={24} aria-hidden />
        <div>
          <Text id="bookmark-hint-title" fw={700} mb={4}>
            {t('shell.bookmark.title', { brand: site.brand })}
          </Text>
          <Text fz="sm">
            {withElements(t, 'shell.bookmark.text', {
              keys: (
                <>
                  <Kbd>{isMac ? '⌘' : 'Ctrl'}</Kbd> + <Kbd>D</Kbd>
                </>
              ),
            })}
          </Text>
        </div>
        <CloseButton onClick={close} aria-label={t('shell.bookmark.close')} />
      </Group>
    </Dialog>
  );
}
