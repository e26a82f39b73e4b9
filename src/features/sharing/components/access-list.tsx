import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingStatus } from '@/components/ui/loading-status';
import { shareRoleSchema, type PolicyShare, type ShareInvitation } from '@/domain/schemas/share';
import type { ApiError } from '@/lib/api-call';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { changeShareRole } from '../api/change-share-role';
import { listPolicyAccess } from '../api/list-policy-access';
import { revokeShare } from '../api/revoke-share';
import { withdrawInvitation } from '../api/withdraw-invitation';
import { shareErrorMessage } from '../share-messages';
import { InvitationRow } from './invitation-row';
import classes from './sharing.module.css';

type Translate = ReturnType<typeof useT>;

interface Access {
  shares: PolicyShare[];
  invitations: ShareInvitation[];
}

type Load =
  { state: 'loading' } | { state: 'failed'; error: ApiError } | ({ state: 'ready' } & Access);

/** "This policy", "All policies" or, in the overview of everything, the policy's label. */
function scopeText(
  t: Translate,
  policyId: string | null,
  label: string | null,
  viewing: string | null,
) {
  if (policyId === null) return t('sharing.scope.all');
  if (viewing !== null) return t('sharing.scope.thisPolicy');
  return label ?? t('sharing.scope.onePolicy');
}

function personName(share: PolicyShare): string {
  const email = share.recipient_email ?? '';
  return share.recipient_name && share.recipient_name !== email
    ? `${share.recipient_name} (${email})`
    : email;
}

function roleText(t: Translate, role: PolicyShare['role']): string {
  return role === 'editor' ? t('sharing.role.editor') : t('sharing.role.viewer');
}

interface AccessListProps {
  /** One policy (its shares and the all-policies ones), or null for everything. */
  policyId: string | null;
  /** Bumped by the caller after an invitation went out, to read the list again. */
  version?: number;
}

/**
 * Who has access, and who is invited, as the owner manages it: change a person's role,
 * revoke (after a confirmation) and withdraw a waiting invitation. It asks the server each
 * time it is shown, since sharing is decided there; offline it says so.
 */
export function AccessList({ policyId, version = 0 }: AccessListProps) {
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [revoking, setRevoking] = useState<PolicyShare | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await listPolicyAccess(policyId);
    setLoad(
      result.ok ? { state: 'ready', ...result.data } : { state: 'failed', error: result.error },
    );
  }, [policyId]);

  // Read again when the caller says something changed (an invitation went out).
  useEffect(() => {
    void refresh();
  }, [refresh, version]);

  const failed = (error: ApiError) =>
    toast({
      title: t('sharing.failed'),
      description: shareErrorMessage(t, error),
      variant: 'destructive',
    });

  const onRole = async (share: PolicyShare, value: string) => {
    const role = shareRoleSchema.safeParse(value);
    if (!role.success || role.data === share.role) return;
    setBusy(share.id);
    const result = await changeShareRole(share.id, role.data);
    setBusy(null);
    if (!result.ok) {
      failed(result.error);
      return;
    }
    toast({
      title: t('sharing.access.roleChanged', {
        name: personName(share),
        role: roleText(t, role.data),
      }),
    });
    await refresh();
  };

  const onRevoke = async (share: PolicyShare) => {
    const result = await revokeShare(share.id);
    setRevoking(null);
    if (!result.ok) {
      failed(result.error);
      return;
    }
    toast({ title: t('sharing.access.revoked', { name: personName(share) }) });
    await refresh();
  };

  const onWithdraw = async (invitation: ShareInvitation) => {
    setBusy(invitation.id);
    const result = await withdrawInvitation(invitation.id);
    setBusy(null);
    if (!result.ok) {
      failed(result.error);
      return;
    }
    toast({ title: t('sharing.access.withdrawn', { email: invitation.email }) });
    await refresh();
  };

  if (load.state === 'loading') return <LoadingStatus label={t('sharing.access.loading')} />;
  if (load.state === 'failed') {
    return (
      <Alert color="yellow" title={t('sharing.access.unavailable')}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{shareErrorMessage(t, load.error)}</Text>
          <Button size="compact-sm" variant="light" onClick={() => void refresh()}>
            {t('sharing.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('sharing.access.people')}
        </Title>
        {load.shares.length === 0 ? (
          <Text fz="sm">{t('sharing.access.nobody')}</Text>
        ) : (
          <ul className={classes.list}>
            {load.shares.map((share) => (
              <li key={share.id} className={classes.row}>
                <Stack gap={2} className={classes.who}>
                  <Text fw={600} className={classes.wrap}>
                    {personName(share)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {scopeText(t, share.policy_id, share.policy_label, policyId)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="wrap">
                  <NativeSelect
                    size="sm"
                    aria-label={t('sharing.access.roleFor', { name: personName(share) })}
                    value={share.role}
                    disabled={busy === share.id}
                    data={[
                      { value: 'viewer', label: t('sharing.role.viewer') },
                      { value: 'editor', label: t('sharing.role.editor') },
                    ]}
                    onChange={(event) => void onRole(share, event.currentTarget.value)}
                  />
                  <Button
                    size="sm"
                    variant="light"
                    color="red"
                    aria-label={t('sharing.access.revokeFor', { name: personName(share) })}
                    onClick={() => setRevoking(share)}
                  >
                    {t('sharing.access.revoke')}
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('sharing.access.invited')}
        </Title>
        {load.invitations.length === 0 ? (
          <Text fz="sm">{t('sharing.access.noInvitations')}</Text>
        ) : (
          <ul className={classes.list}>
            {load.invitations.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                busy={busy === invitation.id}
                onWithdraw={() => void onWithdraw(invitation)}
              >
                <Text fz="sm" c="dimmed">
                  {roleText(t, invitation.role)} ·{' '}
                  {scopeText(t, invitation.policy_id, invitation.policy_label, policyId)} ·{' '}
                  {t('sharing.expires', { date: formatDate(invitation.expires_at) })}
                </Text>
              </InvitationRow>
            ))}
          </ul>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('sharing.revoke.title')}
        description={
          revoking === null
            ? ''
            : t(
                revoking.policy_id === null
                  ? 'sharing.revoke.questionAll'
                  : 'sharing.revoke.question',
                {
                  name: personName(revoking),
                },
              )
        }
        confirmLabel={t('sharing.access.revoke')}
        cancelLabel={t('sharing.cancel')}
        destructive
        onCancel={() => setRevoking(null)}
        onConfirm={() => (revoking === null ? undefined : onRevoke(revoking))}
      />
    </Stack>
  );
}
