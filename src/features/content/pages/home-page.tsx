import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarStats,
  IconScale,
  IconShieldCheck,
  IconUserCheck,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { ExternalButton } from '@/components/ui/external-button';
import { useT } from '@/lib/use-i18n';

const benefits = [
  {
    icon: IconScale,
    title: 'home.why.unbiased.title',
    text: 'home.why.unbiased.text',
  },
  {
    icon: IconCalendarStats,
    title: 'home.why.renewal.title',
    text: 'home.why.renewal.text',
  },
  {
    icon: IconUserCheck,
    title: 'home.why.advice.title',
    text: 'home.why.advice.text',
  },
] as const;

export function HomePage({ calculators }: { calculators?: ReactNode }) {
  const t = useT();
  return (
    <>
      <Box bg="teal.0" py={{ base: 48, md: 80 }}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            {/* Wraps instead of Mantine's one-line ellipsis: on a phone the end of this
                sentence ("Not the official portal") is the part that matters. */}
            <Badge
              variant="light"
              size="lg"
              maw="100%"
              h="auto"
              py={4}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
            >
              {t('home.badge')}
            </Badge>
            <Title order={1} fz={{ base: 32, md: 48 }} lh={1.15}>
              {t('home.title')}
            </Title>
            <Text fz="lg" c="dimmed">
              {t('home.intro', { brand: site.brand })}
            </Text>
            <Group>
              <Button component={Link} to="/what-is-bima-sugam" size="md">
                {t('home.cta.whatIs')}
              </Button>
              <Button component={Link} to="/advice" size="md" variant="outline">
                {t('home.cta.advice')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <Card withBorder radius="lg" padding="xl" bg="blue.0">
          <Group justify="space-between" align="center" gap="lg">
            <Stack gap={4} maw={640}>
              <Title order={2}>{t('home.tracker.title')}</Title>
              <Text>{t('home.tracker.text')}</Text>
            </Stack>
            <Button component={Link} to="/policy-tracker-intro" size="md">
              {t('home.tracker.cta')}
            </Button>
          </Group>
        </Card>
      </Container>

      {calculators}

      <Container size="lg" py="xl">
        <Title order={2} mb="lg">
          {t('home.why.title', { brand: site.brand })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {benefits.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb="xs">
                {t(title)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl">
        <Card radius="lg" padding="xl" bg="teal.9" c="white">
          <Stack gap="md">
            <Group gap="sm">
              <IconShieldCheck size={28} aria-hidden />
              <Title order={2}>{t('home.expert.title')}</Title>
            </Group>
            <Text>{t('home.expert.text', { hours: t('site.hours') })}</Text>
            <Group>
              <ExternalButton
                href={site.contact.chatUrl}
                color="teal.9"
                variant="white"
                leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              >
                {t('site.chatLabel')}
              </ExternalButton>
              <Button component={Link} to="/advice" variant="outline" color="white">
                {t('home.expert.callback')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
