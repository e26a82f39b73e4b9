import { useId, useState } from 'react';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { useT } from '@/lib/use-i18n';
import { toast } from '@/lib/toast';
import { setLocalShareReminders, type SharedPolicyInfo } from '@/sync';
import { apiErrorText } from '../api-error-text';
import { useBrowserOnline } from '../hooks/use-browser-online';
import { useTracker } from '../tracker-context';
import { setShareReminders } from './set-share-reminders';

/**
 * On the page of a policy someone shared with the user (issue 18): whose it is, the user's
 * role and what it allows, and the switch for reminders about the owner's shared policies
 * (off until turned on; local reminders and the server's push job both follow it). The
 * switch changes the server's share at once, so it needs the network.
 */
export function SharedWithYouPanel({ shared }: { shared: SharedPolicyInfo }) {
  const t = useT();
  const { db, sync } = useTracker();
  const online = useBrowserOnline();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const name = shared.owner_label || t('shared.panel.someone');
  const role = t(shared.role === 'editor' ? 'shared.role.editor' : 'shared.role.viewer');

  const change = async (enabled: boolean) => {
    // Off means off on every share that covers the policy; on needs only one of them.
    const targets = enabled ? shared.share_ids.slice(0, 1) : shared.share_ids;
    setBusy(true);
    try {
      for (const id of targets) {
        const result = await setShareReminders(id, enabled);
        if (!result.ok) {
          toast({
            title: t('shared.reminders.failed'),
            description: apiErrorText(t, result.error),
            variant: 'destructive',
          });
          return;
        }
        await setLocalShareReminders(db, [id], result.data.reminders_enabled);
      }
      void sync.flush();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel labelledBy={headingId} p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {t('shared.panel.title', { name, role })}
        </Title>
        <Text size="sm">
          {t(shared.role === 'editor' ? 'shared.panel.editorHelp' : 'shared.panel.viewerHelp', {
            name,
          })}
        </Text>
        <Switch
          label={t('shared.reminders.label')}
          description={
            online ? t('shared.reminders.description', { name }) : t('shared.reminders.offline')
          }
          checked={shared.reminders_enabled}
          disabled={busy || !online || shared.share_ids.length === 0}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
      </Stack>
    </Panel>
  );
}
