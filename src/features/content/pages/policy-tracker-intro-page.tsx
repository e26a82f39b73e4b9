import { Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBellRinging,
  IconLayoutDashboard,
  IconLock,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { NumberedSteps } from '../components/guide';
import { Hero, HeroBadge } from '../components/hero';
import { IconCard } from '../components/icon-card';
import type { IntroText } from '../guides/page-texts';

const featureIcons = [IconLayoutDashboard, IconBellRinging, IconUsersGroup, IconLock] as const;

export function PolicyTrackerIntroPage({ signedIn, text }: { signedIn: boolean; text: IntroText }) {
  const target = signedIn ? '/policy-tracker' : '/login';
  return (
    <>
      <Hero
        width={760}
        badge={<HeroBadge>{text.badge}</HeroBadge>}
        title={text.title}
        text={text.text}
        actions={
          <Button
            component={Link}
            to={target}
            // A signed-in user's way in: its code, texts and policies are fetched once it is
            // on screen, so the tap opens the dashboard without waiting for them.
            preload={signedIn ? 'viewport' : undefined}
            size="lg"
            rightSection={<IconArrowRight size={20} aria-hidden />}
          >
            {signedIn ? text.dashboard : text.start}
          </Button>
        }
      />

      <Container size="lg" py="xl">
        <Title order={2} mb="lg">
          {text.featuresTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {text.features.map((feature, index) => (
            <IconCard
              key={feature.title}
              icon={featureIcons[index] ?? IconLock}
              title={feature.title}
            >
              {feature.text}
            </IconCard>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="md" py="xl">
        <Title order={2} mb="lg">
          {text.howTitle}
        </Title>
        <NumberedSteps steps={text.steps} />
      </Container>

      <Container size="lg" py="xl">
        <Card radius="lg" padding="xl" bg="teal.9" c="white">
          <Stack gap="md" align="flex-start">
            <Title order={2} c="white">
              {text.closing.title}
            </Title>
            <Text>{text.closing.text}</Text>
            <Button component={Link} to={target} variant="white" color="teal.9" size="md">
              {text.closing.button}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
