import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { formatBytes } from '@/domain/documents';

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
      Documents on this device: {formatBytes(documentBytes)}.
      {estimate && estimate.quota > 0
        ? ` The app uses ${formatBytes(estimate.usage)} of the ${formatBytes(estimate.quota)} this browser allows.`
        : ''}
      {estimate
        ? estimate.persisted
          ? ' The browser keeps them until you remove them.'
          : ' The browser may clear them if the device runs out of space; installing the app helps keep them.'
        : ''}
    </Text>
  );
}
