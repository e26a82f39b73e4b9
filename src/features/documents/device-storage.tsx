import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useT } from '@/lib/use-i18n';
import { sizeText } from './size-text';

interface Estimate {
  usage: number;
  quota: number;
  persisted: boolean;
}

/**
 * How much the documents take on this device and what the browser allows, so nobody is
 * surprised by a full phone; and whether the browser promised to keep it (persistent storage
 * is requested with the first saved policy or document, see the tracker repo).
 */
export function DeviceStorage({ documentBytes }: { documentBytes: number }) {
  const t = useT();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.estimate) return;
    let cancelled = false;
    void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)])
      .then(([{ usage = 0, quota = 0 }, persisted]) => {
        if (!cancelled) setEstimate({ usage, quota, persisted });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [documentBytes]);

  return (
    <Text size="sm" c="dimmed">
      {t('documents.storage', { size: sizeText(t, documentBytes) })}
      {estimate && estimate.quota > 0
        ? ` ${t('documents.storageUse', {
            usage: sizeText(t, estimate.usage),
            quota: sizeText(t, estimate.quota),
          })}`
        : ''}
      {estimate
        ? ` ${t(estimate.persisted ? 'documents.storageKept' : 'documents.storageMayClear')}`
        : ''}
    </Text>
  );
}
