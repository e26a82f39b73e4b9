import { useT } from '@/lib/use-i18n';
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
import type { ApiError } from '@/lib/api-call';
import { getEnv } from '@/lib/env';
import { toast } from '@/lib/toast';
import { apiErrorText } from '../api-error-text';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useBrowserOnline } from '../hooks/use-browser-online';
import { deleteCalendarFeed } from './api/delete-calendar-feed';
import { fetchCalendarFeed } from './api/fetch-calendar-feed';
import { regenerateCalendarFeed } from './api/regenerate-calendar-feed';

type FeedState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: ApiError }
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
  const t = useT();
  const online = useBrowserOnline();
  const [state, setState] = useState<FeedState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'new' | 'off' | null>(null);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const result = await fetchCalendarFeed();
    if (!result.ok) setState({ kind: 'failed', error: result.error });
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
        title: t('reminders.calendar.setupFailed'),
        description: apiErrorText(t, result.error),
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
        title: t('reminders.calendar.offFailed'),
        description: apiErrorText(t, result.error),
        variant: 'destructive',
      });
      return;
    }
    setState({ kind: 'off' });
  };

  let body;
  if (!online) {
    body = <Text>{t('reminders.calendar.offline')}</Text>;
  } else if (state.kind === 'loading') {
    body = <Text>{t('reminders.calendar.checking')}</Text>;
  } else if (state.kind === 'failed') {
    body = (
      <Alert color="red" title={t('reminders.calendar.checkFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{apiErrorText(t, state.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void load()}>
            {t('reminders.calendar.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (state.kind === 'off') {
    body = (
      <Group>
        <Button loading={busy} onClick={() => void regenerate()}>
          {t('reminders.calendar.turnOn')}
        </Button>
      </Group>
    );
  } else {
    const webcal = state.url.replace(/^https?:/, 'webcal:');
    body = (
      <Stack gap="sm">
        <TextInput
          label={t('reminders.calendar.address')}
          description={t('reminders.calendar.addressHelp')}
          value={state.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="sm">
          <CopyButton value={state.url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {t(copied ? 'reminders.calendar.copied' : 'reminders.calendar.copy')}
              </Button>
            )}
          </CopyButton>
          <Anchor href={webcal}>{t('reminders.calendar.open')}</Anchor>
        </Group>
        <Group gap="sm">
          <Button variant="subtle" onClick={() => setConfirming('new')}>
            {t('reminders.calendar.newAddress')}
          </Button>
          <Button variant="subtle" color="red.9" onClick={() => setConfirming('off')}>
            {t('reminders.calendar.turnOff')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Panel labelledBy="calendar-feed-heading">
      <Title order={2} size="h4" id="calendar-feed-heading">
        {t('reminders.calendar.title')}
      </Title>
      <Text size="sm" mt={4} mb="sm">
        {t('reminders.calendar.intro')}
      </Text>
      {body}
      <ConfirmDialog
        opened={confirming === 'new'}
        title={t('reminders.calendar.newTitle')}
        description={t('reminders.calendar.newText')}
        confirmLabel={t('reminders.calendar.newAddress')}
        cancelLabel={t('tracker.cancel')}
        onCancel={() => setConfirming(null)}
        onConfirm={regenerate}
      />
      <ConfirmDialog
        opened={confirming === 'off'}
        title={t('reminders.calendar.offTitle')}
        description={t('reminders.calendar.offText')}
        confirmLabel={t('reminders.calendar.turnOffShort')}
        cancelLabel={t('tracker.cancel')}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={turnOff}
      />
    </Panel>
  );
}
