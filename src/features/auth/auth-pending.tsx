import { Center, Loader, Stack, Text } from '@mantine/core';
import { useT } from '@/lib/use-i18n';

/** Shown by guarded routes while the first session check is still running. */
export function AuthPending() {
  const t = useT();
  return (
    <Center py={80} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text>{t('auth.loading')}</Text>
      </Stack>
    </Center>
  );
}
