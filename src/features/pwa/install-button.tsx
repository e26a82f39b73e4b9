import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useMounted } from '@/lib/client-only';

// Mantine's modal stack (ScrollArea, floating-ui, scroll lock) would otherwise load on every page.
const IosInstallSteps = lazy(() =>
  import('./ios-install-steps').then((m) => ({ default: m.IosInstallSteps })),
);

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Mac') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/** Offers installation where the browser allows it; iOS Safari gets short manual steps. */
export function InstallButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);
  // Pre-rendered pages have no button, so neither has the hydrating render; the browser's
  // answers (standalone, iOS Safari) are read only after it.
  const hydrated = useMounted();
  const [installed, setInstalled] = useState(false);
  const [iosOpened, ios] = useDisclosure(false);
  // Stays mounted after the first open, so closing still plays the modal's exit transition.
  const [iosStepsLoaded, setIosStepsLoaded] = useState(false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPromptEvent(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!hydrated || installed || isStandalone()) return null;

  if (promptEvent) {
    return (
      <Button
        variant="light"
        fullWidth={fullWidth}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => {
          void promptEvent.prompt();
          void promptEvent.userChoice.then(({ outcome }) => {
            if (outcome === 'accepted') setInstalled(true);
            setPromptEvent(null);
          });
        }}
      >
        Install app
      </Button>
    );
  }

  if (!isIosSafari()) return null;

  return (
    <>
      <Button
        variant="light"
        fullWidth={fullWidth}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => {
          setIosStepsLoaded(true);
          ios.open();
        }}
      >
        Add to Home Screen
      </Button>
      {iosStepsLoaded ? (
        <Suspense fallback={null}>
          <IosInstallSteps opened={iosOpened} onClose={ios.close} />
        </Suspense>
      ) : null}
    </>
  );
}
