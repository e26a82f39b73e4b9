import { useEffect, useState } from 'react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { hasUnsavedChanges } from '@/lib/unsaved-changes';
import { cacheUsedFilesOnControl } from './cache-used-files';

const HOUR_MS = 60 * 60 * 1000;
/** Space kept between the prompt and a field someone is typing in. */
const GAP_PX = 12;

/**
 * The prompt floats over the bottom of the page; on a phone that is where the field being
 * filled in sits. While it is shown, the page gets room below its end (so every field can be
 * scrolled above it) and a field that gets focus under it is scrolled clear.
 */
function useKeepFieldsClear(prompt: HTMLElement | null) {
  useEffect(() => {
    if (!prompt) return;
    const root = document.documentElement;
    const body = document.body;
    const before = {
      scrollPadding: root.style.scrollPaddingBottom,
      padding: body.style.paddingBottom,
    };
    const reserve = () => {
      const space = `${Math.ceil(window.innerHeight - prompt.getBoundingClientRect().top + GAP_PX)}px`;
      root.style.scrollPaddingBottom = space;
      body.style.paddingBottom = space;
    };
    const uncover = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof Element) || prompt.contains(field)) return;
      const covered =
        field.getBoundingClientRect().bottom - (prompt.getBoundingClientRect().top - GAP_PX);
      if (covered > 0) window.scrollBy({ top: covered, behavior: 'instant' });
    };
    const observer = new ResizeObserver(reserve);
    observer.observe(prompt);
    window.addEventListener('resize', reserve);
    document.addEventListener('focusin', uncover);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      document.removeEventListener('focusin', uncover);
      root.style.scrollPaddingBottom = before.scrollPadding;
      body.style.paddingBottom = before.padding;
    };
  }, [prompt]);
}

/**
 * Registers the service worker and offers updates. A new version waits until the user agrees,
 * and never replaces a page that holds unsaved form input.
 */
export function UpdatePrompt() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration>();
  const [blocked, setBlocked] = useState(false);
  // State, not a ref: Affix renders through a portal one commit later than this component.
  const [prompt, setPrompt] = useState<HTMLDivElement | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The root route mounts after the window's load event, which the default waits for.
    immediate: true,
    onRegisteredSW: (_url, reg) => setRegistration(reg),
  });

  useEffect(() => {
    if (!registration) return;
    return cacheUsedFilesOnControl();
  }, [registration]);

  useEffect(() => {
    if (!registration) return;
    const check = () => {
      if (navigator.onLine) void registration.update().catch(() => undefined);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, HOUR_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [registration]);

  useKeepFieldsClear(prompt);

  if (!needRefresh) return null;

  const reload = () => {
    if (hasUnsavedChanges()) {
      setBlocked(true);
      return;
    }
    // workbox-window only reloads by itself for updates it found; ours are also found by the
    // hourly and on-visible checks, so the reload is tied to the controller change directly.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void updateServiceWorker(false);
  };

  return (
    <Affix position={{ bottom: 20, left: 20, right: 20 }} zIndex={500}>
      <Paper
        ref={setPrompt}
        withBorder
        shadow="md"
        p="md"
        maw={480}
        role="status"
        aria-live="polite"
        data-testid="update-prompt"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div>
            <Text fw={700}>A new version is available</Text>
            <Text fz="sm" c="dimmed">
              {blocked
                ? 'Save or leave the form you are editing first, then reload.'
                : 'Reload to get the latest guides and fixes.'}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" onClick={() => setNeedRefresh(false)}>
              Later
            </Button>
            <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={reload}>
              Reload
            </Button>
          </Group>
        </Group>
      </Paper>
    </Affix>
  );
}
