import { Button, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useT } from '@/lib/use-i18n';

/**
 * Shown where something was never fetched on this device and cannot be fetched now: the truth
 * ("not saved here yet") rather than "none found" or an endless spinner, with a way to try
 * again. A page whose own heading is missing (an article or a term) gets it as its h1.
 */
export function ContentUnavailable({
  message,
  asPageTitle = false,
  onRetry,
}: {
  /** What is missing: 'This article is not saved on this device yet.' */
  message: string;
  asPageTitle?: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  const title = t('content.unavailable.title');
  return (
    <Stack gap="sm" align="flex-start">
      {asPageTitle ? (
        <Title order={1}>{title}</Title>
      ) : (
        <Text fw={700} fz="lg">
          {title}
        </Text>
      )}
      <Text c="dimmed">{t('content.unavailable.text', { message })}</Text>
      <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
        {t('content.unavailable.retry')}
      </Button>
    </Stack>
  );
}
