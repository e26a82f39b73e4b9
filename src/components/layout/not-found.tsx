import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={900} c="teal.8" aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          The page you are looking for does not exist or has moved. Try one of these instead.
        </Text>
        <Group justify="center">
          <Button component={Link} to="/">
            Go to Home
          </Button>
          <Button component={Link} to="/what-is-bima-sugam" variant="light">
            What is Bima Sugam
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
