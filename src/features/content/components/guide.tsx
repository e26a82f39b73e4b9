import { useId, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useLocalePath, useT } from '@/lib/use-i18n';

/** Reading-width page frame shared by the guides and legal pages. */
export function GuidePage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="md" py="xl">
      <PageHeader title={title} subtitle={subtitle} />
      <Stack gap={40}>{children}</Stack>
    </Container>
  );
}

export function GuideSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}

export function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" mt="xs">
      <Title order={3} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List spacing="xs">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

export interface Step {
  title: string;
  text: ReactNode;
}

/** Numbered steps as a real ordered list, each with its own level-3 heading. */
export function NumberedSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {steps.map((step, index) => (
        <Card component="li" key={step.title} withBorder radius="md" padding="lg">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={36} radius="xl" variant="filled" aria-hidden>
              <Text fw={700} fz="md">
                {index + 1}
              </Text>
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text component="div">{step.text}</Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert variant="light" color="blue" title={title} icon={<IconInfoCircle aria-hidden />}>
      {children}
    </Alert>
  );
}

/** Every guide ends by offering a licensed advisor (spec §2). */
export function AdviceCta({ title, text }: { title: string; text: string }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <Card
      radius="lg"
      padding="xl"
      bg="teal.9"
      c="white"
      component="aside"
      aria-label={t('content.adviceCta.label')}
    >
      <Stack gap="md">
        <Title order={2} c="white">
          {title}
        </Title>
        <Text>{text}</Text>
        <Group>
          <Button
            component={Link}
            to={localePath('/advice')}
            variant="white"
            color="teal.9"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            {t('content.adviceCta.button')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
