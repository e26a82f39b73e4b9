import { useId, useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Panel } from '@/components/ui/panel';
import { useTracker } from '@/features/tracker';
import { useT } from '@/lib/use-i18n';
import { AccessList } from './access-list';
import { LazyInviteDialog } from './lazy-invite-dialog';

interface PolicySharingSectionProps {
  policyId: string;
  /** The signed-in user: only a policy's owner shares it or sees who has access. */
  userId: string;
}

/**
 * "Who has access" on a policy's page, for its owner only (a policy shared with the user has
 * none): invite someone, and the people and invitations with their roles.
 */
export function PolicySharingSection({ policyId, userId }: PolicySharingSectionProps) {
  const t = useT();
  const headingId = useId();
  const { db } = useTracker();
  const policy = useLiveQuery(() => db.policies.get(policyId), [db, policyId]);
  const [inviting, setInviting] = useState(false);
  const [version, setVersion] = useState(0);
  if (!policy || policy.deleted_at !== null || policy.user_id !== userId) return null;
  return (
    <Panel labelledBy={headingId} p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="h3" id={headingId}>
          {t('sharing.access.title')}
        </Title>
        <Text fz="sm">{t('sharing.access.intro')}</Text>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setInviting(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('sharing.invite.open')}
        </Button>
        <AccessList policyId={policyId} version={version} />
      </Stack>
      <LazyInviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        policyId={policyId}
        policyLabel={`${policy.insurer_name} · ${policy.policy_number}`}
        onSent={() => setVersion((value) => value + 1)}
      />
    </Panel>
  );
}
