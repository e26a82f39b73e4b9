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
  IconArrowRight,
  IconBellRinging,
  IconLayoutDashboard,
  IconLock,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { NumberedSteps, type Step } from '../components/guide';

const features = [
  {
    icon: IconLayoutDashboard,
    title: 'One Dashboard for Everything',
    text: 'Car and bike, health, ULIP, term and any custom type you create, from any insurer, side by side with policy numbers, premiums and sums insured.',
  },
  {
    icon: IconBellRinging,
    title: 'Never Miss a Renewal',
    text: 'Live day counters and clear Active, Due Soon and Lapsed labels show what needs attention, with reminders before each renewal date.',
  },
  {
    icon: IconUsersGroup,
    title: 'Family-Ready',
    text: 'Record who each policy covers — spouse, children, parents — so everyone knows which plan to use when it matters.',
  },
  {
    icon: IconLock,
    title: 'Simple & Secure',
    text: 'Your list is private to your account, works offline on your phone and syncs when you are back online. Free, with no spam.',
  },
] as const;

const steps: readonly Step[] = [
  {
    title: 'Add Any Policy',
    text: 'Pick the policy type, enter the insurer, policy number, start and renewal dates, and how often it renews. Add the premium, cover and the family members it protects if you like.',
  },
  {
    title: 'See Live Counters',
    text: 'Every policy shows how many days are left until renewal. Policies due within 30 days are marked Due Soon, and missed renewals are marked Lapsed so nothing slips through.',
  },
  {
    title: 'Renew with a Click',
    text: 'Paid the renewal premium? Tap Mark Renewed and the next renewal date moves forward by the policy’s frequency — monthly, every 6 months, yearly or every 3 years.',
  },
];

export function PolicyTrackerIntroPage({ signedIn }: { signedIn: boolean }) {
  const target = signedIn ? '/policy-tracker' : '/login';
  return (
    <>
      <Box bg="teal.0" py={{ base: 48, md: 80 }}>
        <Container size="lg">
          <Stack gap="lg" maw={760}>
            <Badge variant="light" size="lg">
              Free policy tracker
            </Badge>
            <Title order={1} fz={{ base: 32, md: 48 }} lh={1.15}>
              Track Every Insurance Policy in One Place
            </Title>
            <Text fz="lg" c="dimmed">
              Vehicle, Health, ULIP, Term and your own custom policy types — from every insurer, for
              the whole family — with live renewal counters so you never miss a due date.
            </Text>
            <Group>
              <Button
                component={Link}
                to={target}
                size="lg"
                rightSection={<IconArrowRight size={20} aria-hidden />}
              >
                {signedIn ? 'Go to Your Dashboard' : 'Get Started for Free'}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <Title order={2} mb="lg">
          Everything you need to stay covered
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb="xs">
                {title}
              </Title>
              <Text c="dimmed" fz="sm">
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="md" py="xl">
        <Title order={2} mb="lg">
          How It Works
        </Title>
        <NumberedSteps steps={steps} />
      </Container>

      <Container size="lg" py="xl">
        <Card radius="lg" padding="xl" bg="teal.9" c="white">
          <Stack gap="md" align="flex-start">
            <Title order={2} c="white">
              Your policies deserve better than a drawer full of paper
            </Title>
            <Text>
              It takes a couple of minutes to add your first policy. Your data stays private to your
              account, and you can edit or delete it at any time.
            </Text>
            <Button component={Link} to={target} variant="white" color="teal.9" size="md">
              Start Tracking Now
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
