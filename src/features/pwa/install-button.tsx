import { Suspense, useState, useSyncExternalStore } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useMounted } from '@/lib/client-only';
import { installState, promptInstall, subscribeInstallState } from '@/lib/install-prompt';
import { isIosSafari, isStandalone } from '@/lib/platform';
import { useT } from '@/lib/use-i18n';
import { loadCatalogPart } from '@/lib/i18n';

// Mantine's modal stack (ScrollArea, floating-ui, scroll lock) would otherwise load on every page.
const IosInstallSteps = retryingLazy(() =>
  Promise.all([import('./ios-install-steps'), loadCatalogPart('notices')]).then(([m]) => ({
    default: m.IosInstallSteps,
  })),
);

/** Offers installation where the browser allows it; iOS Safari gets short manual steps. */
export function InstallButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { prompt, installed } = useSyncExternalStore(
    subscribeInstallState,
    installState,
    installState,
  );
  // Pre-rendered pages have no button, so neither has the hydrating render; the browser's
  // answers (standalone, iOS Safari) are read only after it.
  const hydrated = useMounted();
  const [iosOpened, ios] = useDisclosure(false);
  // Stays mounted after the first open, so closing still plays the modal's exit transition.
  const [iosStepsLoaded, setIosStepsLoaded] = useState(false);
  const t = useT();

  if (!hydrated || installed || isStandalone()) return null;

  if (prompt) {
    return (
      <Button
        variant="light"
        fullWidth={fullWidth}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void promptInstall()}
      >
        {t('shell.install.button')}
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
        {t('shell.install.ios')}
      </Button>
      {iosStepsLoaded ? (
        <Suspense fallback={null}>
          <IosInstallSteps opened={iosOpened} onClose={ios.close} />
        </Suspense>
      ) : null}
    </>
  );
}
