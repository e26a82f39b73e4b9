import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { openTrackerDb } from '@/db/tracker-db';
import { REMINDER_THRESHOLD_CHOICES } from '@/domain/policy/reminder-settings';
import { isIosSafari, isStandalone } from '@/lib/platform';
import { formatIndianNumber } from '@/lib/format';
import { sayMessage } from '@/lib/say-message';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pushSupport,
  ReminderSetupError,
  saveServerThresholds,
  sendTestReminder,
} from './push-api';
import { readReminderSettings, toggleReminderDay } from './reminder-settings-store';

type PushState = 'checking' | 'unsupported' | 'home-screen' | 'denied' | 'off' | 'on';

type Translate = ReturnType<typeof useT>;

function thresholdLabel(t: Translate, days: number): string {
  if (days === 0) return t('reminders.days.onTheDay');
  return t('reminders.days.before', { count: days, n: formatIndianNumber(days) });
}

/**
 * Why a step failed: push-api's own reasons in the user's language; a browser's or the
 * server's words as a detail after a sentence of ours (in English, the words alone).
 */
function message(t: Translate, error: unknown): string {
  if (error instanceof ReminderSetupError) return sayMessage(t, error.reason);
  return t('reminders.error.other', {
    detail: error instanceof Error ? error.message : String(error),
  });
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
  const t = useT();
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
      toast({ title: t('reminders.on'), description: t('reminders.onText') });
    } catch (error) {
      setState(await detectPushState().catch((): PushState => 'off'));
      setFailure(message(t, error));
      toast({
        title: t('reminders.onFailed'),
        description: message(t, error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }, [db, userId, t]);

  const disable = useCallback(async () => {
    setBusy(true);
    try {
      await disablePush();
      setState('off');
      toast({ title: t('reminders.off'), description: t('reminders.offText') });
    } catch (error) {
      toast({
        title: t('reminders.offFailed'),
        description: message(t, error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }, [t]);

  const test = useCallback(async () => {
    try {
      await sendTestReminder();
    } catch (error) {
      toast({
        title: t('reminders.testFailed'),
        description: message(t, error),
        variant: 'destructive',
      });
    }
  }, [t]);

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
          title: t('reminders.savedHere'),
          description: t('reminders.savedHereText', { error: message(t, error) }),
          variant: 'destructive',
        });
      }
    },
    [db, userId, state, selected, t],
  );

  return (
    <Panel labelledBy="remind-me-title" testId="remind-me-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4" id="remind-me-title">
              {t('reminders.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(state === 'on' ? 'reminders.isOn' : 'reminders.isOff')}
            </Text>
          </Stack>
          {state === 'on' ? (
            <Group gap="xs">
              <Button variant="light" onClick={() => void test()}>
                {t('reminders.sendTest')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconBellOff size={16} aria-hidden />}
                loading={busy}
                onClick={() => void disable()}
              >
                {t('reminders.turnOff')}
              </Button>
            </Group>
          ) : state === 'off' ? (
            <Button
              leftSection={<IconBell size={16} aria-hidden />}
              loading={busy}
              onClick={() => void enable()}
            >
              {t('reminders.turnOn')}
            </Button>
          ) : null}
        </Group>

        {state === 'unsupported' ? (
          <Alert color="gray" title={t('reminders.unsupported')}>
            {t('reminders.unsupportedText')}
          </Alert>
        ) : null}
        {failure && state === 'off' ? (
          <Alert color="red" title={t('reminders.notOnYet')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failure}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void enable()}>
                {t('reminders.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {state === 'home-screen' ? (
          <Alert color="blue" title={t('reminders.homeScreen')}>
            {t('reminders.homeScreenText')}
          </Alert>
        ) : null}
        {state === 'denied' ? (
          <Alert color="orange" title={t('reminders.blocked')}>
            {t('reminders.blockedText')}
          </Alert>
        ) : null}

        {settings ? (
          <Checkbox.Group
            label={t('reminders.title')}
            description={t('reminders.lapsedOnce')}
            value={selected}
            onChange={(values) => void changeDays(values)}
          >
            <Group gap="md" mt="xs">
              {REMINDER_THRESHOLD_CHOICES.map((days) => (
                <Checkbox
                  key={days}
                  value={String(days)}
                  label={thresholdLabel(t, days)}
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
