import { useMemo, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { paidSummary, premiumOutlook } from '@/domain/tracker';
import { PageHeader } from '@/components/ui/page-header';
import { readAllPayments, readPolicies } from '@/sync';
import { useLiveRead } from '../hooks/use-live-read';
import { useToday } from '../hooks/use-today';
import { useTrackerStatus } from '../hooks/use-tracker-status';
import { useTracker } from '../tracker-context';
import { OutlookView } from './outlook-view';

/**
 * The premium outlook, a page of its own (/policy-tracker/outlook) so the dashboard keeps its
 * first policy on a phone's first screen and the chart's code loads only here. Reads only the
 * device's store, so it works offline and follows every change live.
 */
export function OutlookPage() {
  const { db } = useTracker();
  const today = useToday();
  const { awaitingFirstSync } = useTrackerStatus();
  const policies = useLiveRead(() => readPolicies(db), [db], 'Error fetching policies');
  const payments = useLiveRead(() => readAllPayments(db), [db], 'Error fetching payments');
  const outlook = useMemo(
    () => (policies ? premiumOutlook(policies, today) : undefined),
    [policies, today],
  );
  const paid = useMemo(
    () => (payments ? paidSummary(payments, today) : undefined),
    [payments, today],
  );
  let body: ReactNode;
  if (!policies || !outlook || !paid || (policies.length === 0 && awaitingFirstSync)) {
    body = (
      <Center py="xl">
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading your policies...</Text>
        </Group>
      </Center>
    );
  } else if (policies.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} fz="h3">
            No policies yet
          </Title>
          <Text c="dimmed">Add a policy with its premium to see what is due and when.</Text>
          <Button
            component={Link}
            to="/policy-tracker/new"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add Your First Policy
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = <OutlookView outlook={outlook} paid={paid} />;
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Anchor
          renderRoot={(props) => <Link {...props} to="/policy-tracker" />}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
        >
          <IconArrowLeft size={16} aria-hidden />
          Back to Policy Dashboard
        </Anchor>
        <PageHeader
          title="Premium outlook"
          subtitle="What your policies will ask you to pay and when, and what you have paid."
          compact
        />
        {body}
      </Stack>
    </Container>
  );
}
