import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLocalePath, useT } from '@/lib/use-i18n';

export function NotFound() {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={900} c="teal.8" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('shell.notFound.title')}</Title>
        <Text c="dimmed">{t('shell.notFound.body')}</Text>
        <Group justify="center">
          <Button component={Link} to="/">
            {t('shell.notFound.home')}
          </Button>
          <Button component={Link} to={localePath('/what-is-bima-sugam')} variant="light">
            {t('shell.nav.whatIsBimaSugam')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
