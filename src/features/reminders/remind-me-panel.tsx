import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { openTrackerDb } from '@/db/tracker-db';
import { REMINDER_THRESHOLD_CHOICES } from '@/domain/policy/reminder-settings';
import { isIosSafari, isStandalone } from '@/lib/platform';
import { toast } from '@/lib/toast';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pushSupport,
  saveServerThresholds,
  sendTestReminder,
} from './push-api';
import { readReminderSettings, toggleReminderDay } from './reminder-settings-store';

type PushState = 'checking' | 'unsupported' | 'home-screen' | 'denied' | 'off' | 'on';

function thresholdLabel(days: number): string {
  if (days === 0) return 'On the day';
  return days === 1 ? '1 day before' : `${days} days before`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Works out whether this browser is subscribed, without asking for anything. */
async function detectPushState(): Promise<PushState> {
  // iOS gives web push only to an app added to the Home Screen (iOS 16.4+).
  if (isIosSafari() && !isStandalone()) return 'home-screen';
  if (pushSupport() === 'unsupported') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentPushSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * 'Remind me': turns renewal push notifications on or off for this browser and picks the
 * days before a renewal to be reminded. The days apply to push and to the installed app's
 * daily background check; lapsed policies are always reminded once.
 */
export function RemindMePanel({ userId }: { userId: string }) {
  const db = useMemo(() => openTrackerDb(userId), [userId]);
  const settings = useLiveQuery(() => readReminderSettings(db), [db]);
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    detectPushState().then(
      (s) => live && setState(s),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const enable = useCallback(async () => {
    setBusy(true);
    setFailure(null);
    try {
      await enablePush();
      const { thresholds } = await readReminderSettings(db);
      await saveServerThresholds(userId, thresholds);
      setState('on');
      toast({
        title: 'Reminders turned on',
        description: 'This device will be notified before your policies are due.',
      });
    } catch (error) {
      setState(await detectPushState().catch((): PushState => 'off'));
      setFailure(message(error));
      toast({
        title: 'Could not turn on reminders',
        description: message(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }, [db, userId]);

  const disable = useCallback(async () => {
    setBusy(true);
    try {
      await disablePush();
      setState('off');
      toast({ title: 'Reminders turned off', description: 'This device gets no more pushes.' });
    } catch (error) {
      toast({
        title: 'Could not turn off reminders',
        description: message(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }, []);

  const test = useCallback(async () => {
    try {
      await sendTestReminder();
    } catch (error) {
      toast({
        title: 'Could not show a test reminder',
        description: message(error),
        variant: 'destructive',
      });
    }
  }, []);

  const selected = (settings?.thresholds ?? []).map(String);

  const changeDays = useCallback(
    async (values: string[]) => {
      // The one box this tap changed, whatever the screen showed when it was tapped.
      const added = values.find((v) => !selected.includes(v));
      const removed = selected.find((v) => !values.includes(v));
      const day = added ?? removed;
      if (day === undefined) return;
      const saved = await toggleReminderDay(db, Number(day), added !== undefined);
      if (state !== 'on') return;
      try {
        await saveServerThresholds(userId, saved.thresholds);
      } catch (error) {
        toast({
          title: 'Saved on this device only',
          description: `Push reminders keep the previous days until this reaches the server: ${message(error)}`,
          variant: 'destructive',
        });
      }
    },
    [db, userId, state, selected],
  );

  return (
    <Panel labelledBy="remind-me-title" testId="remind-me-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4" id="remind-me-title">
              Remind me
            </Title>
            <Text size="sm" c="dimmed">
              {state === 'on'
                ? 'Renewal reminders are on for this device.'
                : 'Get a notification on this device before a policy is due, even when BimaGuide is closed.'}
            </Text>
          </Stack>
          {state === 'on' ? (
            <Group gap="xs">
              <Button variant="light" onClick={() => void test()}>
                Send a test reminder
              </Button>
              <Button
                variant="default"
                leftSection={<IconBellOff size={16} aria-hidden />}
                loading={busy}
                onClick={() => void disable()}
              >
                Turn off reminders
              </Button>
            </Group>
          ) : state === 'off' ? (
            <Button
              leftSection={<IconBell size={16} aria-hidden />}
              loading={busy}
              onClick={() => void enable()}
            >
              Turn on reminders
            </Button>
          ) : null}
        </Group>

        {state === 'unsupported' ? (
          <Alert color="gray" title="Not available in this browser">
            This browser cannot receive push reminders. Due renewals still show on your Policy
            Dashboard.
          </Alert>
        ) : null}
        {failure && state === 'off' ? (
          <Alert color="red" title="Reminders are not on yet">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failure}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void enable()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {state === 'home-screen' ? (
          <Alert color="blue" title="Add BimaGuide to your Home Screen first">
            On iPhone and iPad, reminders come only to the installed app: tap Share, then Add to
            Home Screen, and open BimaGuide from its icon to turn reminders on. Due renewals still
            show on your Policy Dashboard.
          </Alert>
        ) : null}
        {state === 'denied' ? (
          <Alert color="orange" title="Notifications are blocked">
            Allow notifications for this site in your browser settings, then come back here.
          </Alert>
        ) : null}

        {settings ? (
          <Checkbox.Group
            label="Remind me"
            description="Lapsed policies are always reminded once."
            value={selected}
            onChange={(values) => void changeDays(values)}
          >
            <Group gap="md" mt="xs">
              {REMINDER_THRESHOLD_CHOICES.map((days) => (
                <Checkbox
                  key={days}
                  value={String(days)}
                  label={thresholdLabel(days)}
                  // At least one day stays chosen; an empty list would mean the defaults anyway.
                  disabled={selected.length === 1 && selected[0] === String(days)}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
      </Stack>
    </Panel>
  );
}
