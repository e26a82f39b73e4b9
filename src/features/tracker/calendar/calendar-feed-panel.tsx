import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { getEnv } from '@/lib/env';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useBrowserOnline } from '../hooks/use-browser-online';
import { deleteCalendarFeed } from './api/delete-calendar-feed';
import { fetchCalendarFeed } from './api/fetch-calendar-feed';
import { regenerateCalendarFeed } from './api/regenerate-calendar-feed';

type FeedState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'off' }
  | { kind: 'on'; url: string };

export function calendarFeedUrl(token: string): string {
  return `${getEnv().VITE_SUPABASE_URL}/functions/v1/calendar-feed/${token}.ics`;
}

/**
 * The private calendar feed: an address Google Calendar or Apple Calendar subscribes to, which
 * keeps every renewal in the user's own calendar. It lives on the server, so it needs a
 * connection to set up; the .ics of one policy works offline from the policy's menu.
 */
export function CalendarFeedPanel({ userId }: { userId: string }) {
  const online = useBrowserOnline();
  const [state, setState] = useState<FeedState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'new' | 'off' | null>(null);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const result = await fetchCalendarFeed();
    if (!result.ok) setState({ kind: 'failed', message: result.error.message });
    else
      setState(
        result.data ? { kind: 'on', url: calendarFeedUrl(result.data.token) } : { kind: 'off' },
      );
  }, []);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const regenerate = async () => {
    setBusy(true);
    const result = await regenerateCalendarFeed();
    setBusy(false);
    setConfirming(null);
    if (!result.ok) {
      toast({
        title: 'Could not set up the calendar feed',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    setState({ kind: 'on', url: calendarFeedUrl(result.data) });
  };

  const turnOff = async () => {
    setBusy(true);
    const result = await deleteCalendarFeed(userId);
    setBusy(false);
    setConfirming(null);
    if (!result.ok) {
      toast({
        title: 'Could not turn off the calendar feed',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    setState({ kind: 'off' });
  };

  let body;
  if (!online) {
    body = <Text>Connect to the internet to set up the calendar feed.</Text>;
  } else if (state.kind === 'loading') {
    body = <Text>Checking your calendar feed…</Text>;
  } else if (state.kind === 'failed') {
    body = (
      <Alert color="red" title="Could not check your calendar feed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button size="xs" variant="default" onClick={() => void load()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (state.kind === 'off') {
    body = (
      <Group>
        <Button loading={busy} onClick={() => void regenerate()}>
          Turn on calendar feed
        </Button>
      </Group>
    );
  } else {
    const webcal = state.url.replace(/^https?:/, 'webcal:');
    body = (
      <Stack gap="sm">
        <TextInput
          label="Your private calendar address"
          description="Anyone with this address can see your renewals. Keep it to yourself."
          value={state.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="sm">
          <CopyButton value={state.url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Address copied' : 'Copy address'}
              </Button>
            )}
          </CopyButton>
          <Anchor href={webcal}>Open in my calendar app</Anchor>
        </Group>
        <Group gap="sm">
          <Button variant="subtle" onClick={() => setConfirming('new')}>
            Make a new address
          </Button>
          <Button variant="subtle" color="red.9" onClick={() => setConfirming('off')}>
            Turn off calendar feed
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Panel labelledBy="calendar-feed-heading">
      <Title order={2} size="h4" id="calendar-feed-heading">
        Calendar feed
      </Title>
      <Text size="sm" mt={4} mb="sm">
        Subscribe from Google Calendar or Apple Calendar to see every renewal there, with alerts on
        your reminder days. It updates by itself as your policies change.
      </Text>
      {body}
      <ConfirmDialog
        opened={confirming === 'new'}
        title="Make a new calendar address?"
        description="The old address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one."
        confirmLabel="Make a new address"
        onCancel={() => setConfirming(null)}
        onConfirm={regenerate}
      />
      <ConfirmDialog
        opened={confirming === 'off'}
        title="Turn off the calendar feed?"
        description="Its address stops working at once. You can turn it on again later with a new address."
        confirmLabel="Turn off"
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={turnOff}
      />
    </Panel>
  );
}
