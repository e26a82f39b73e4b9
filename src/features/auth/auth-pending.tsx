import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown by guarded routes while the first session check is still running. */
export function AuthPending() {
  return (
    <Center py={80} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}
