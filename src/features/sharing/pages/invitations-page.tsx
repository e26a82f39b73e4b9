import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { BackLink } from '@/components/ui/back-link';
import { LoadingStatus } from '@/components/ui/loading-status';
import { TitledPanel } from '@/components/ui/panel';
import type { ShareInvitation } from '@/domain/schemas/share';
import { useTracker } from '@/features/tracker';
import type { ApiError } from '@/lib/api-call';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { acceptInvitation } from '../api/accept-invitation';
import type { InvitationRef } from '../api/answer-invitation';
import { declineInvitation } from '../api/decline-invitation';
import { listInvitations } from '../api/list-invitations';
import { viewInvitation } from '../api/view-invitation';
import { withdrawInvitation } from '../api/withdraw-invitation';
import { AccessList } from '../components/access-list';
import { InvitationRow } from '../components/invitation-row';
import { LazyInviteDialog } from '../components/lazy-invite-dialog';
import classes from '../components/sharing.module.css';
import { forgetInvitationToken, pendingInvitationToken } from '../pending-invitation';
import { shareErrorMessage } from '../share-messages';

type Translate = ReturnType<typeof useT>;

/** The mailed link's invitation: shown, refused with the server's reason, or not known. */
type Linked =
  | { state: 'loading' }
  | { state: 'seen'; invitation: ShareInvitation }
  | { state: 'refused'; message: string }
  | { state: 'unseen' };

type Lists =
  | { state: 'loading' }
  | { state: 'failed'; error: ApiError }
  | { state: 'ready'; sent: ShareInvitation[]; received: ShareInvitation[] };

function sender(invitation: ShareInvitation): string {
  const email = invitation.owner_email ?? '';
  return invitation.owner_name && invitation.owner_name !== email
    ? `${invitation.owner_name} (${email})`
    : email;
}

function roleText(t: Translate, role: ShareInvitation['role']): string {
  return role === 'editor' ? t('sharing.role.editorHint') : t('sharing.role.viewerHint');
}

function scopeText(t: Translate, invitation: ShareInvitation): string {
  if (invitation.policy_id === null) return t('sharing.scope.allLater');
  return invitation.policy_label ?? t('sharing.scope.onePolicy');
}

const statusIds: Record<ShareInvitation['status'], string> = {
  pending: 'sharing.status.pending',
  accepted: 'sharing.status.accepted',
  declined: 'sharing.status.declined',
  withdrawn: 'sharing.status.withdrawn',
  expired: 'sharing.status.expired',
};

function statusText(t: Translate, status: ShareInvitation['status']): string {
  return t(statusIds[status]);
}

/** Who invites, to what and as what, for the person answering. */
function InvitationFacts({ invitation }: { invitation: ShareInvitation }) {
  const t = useT();
  return (
    <Stack gap={2} className={classes.who}>
      <Text fw={600} className={classes.wrap}>
        {t('sharing.received.from', { name: sender(invitation) })}
      </Text>
      <Text fz="sm">{scopeText(t, invitation)}</Text>
      <Text fz="sm">{roleText(t, invitation.role)}</Text>
      <Text fz="sm" c="dimmed">
        {t('sharing.expires', { date: formatDate(invitation.expires_at) })}
      </Text>
    </Stack>
  );
}

interface AnswerButtonsProps {
  /** Names the invitation for screen readers when several are listed. */
  subject?: string;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

function AnswerButtons({ subject, busy, onAccept, onDecline }: AnswerButtonsProps) {
  const t = useT();
  return (
    <Group gap="xs">
      <Button
        onClick={onAccept}
        loading={busy}
        aria-label={subject ? t('sharing.received.acceptFrom', { name: subject }) : undefined}
      >
        {t('sharing.received.accept')}
      </Button>
      <Button
        variant="default"
        onClick={onDecline}
        disabled={busy}
        aria-label={subject ? t('sharing.received.declineFrom', { name: subject }) : undefined}
      >
        {t('sharing.received.decline')}
      </Button>
    </Group>
  );
}

/**
 * /policy-tracker/invitations: the invitation of a mailed link (its token taken from the
 * address by the route and held in memory), the invitations waiting for the user's answer,
 * those they sent, and who has access to their policies. Accepting asks the tracker to sync
 * and opens the dashboard, where the shared policies arrive.
 */
export function InvitationsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { sync } = useTracker();
  const [token, setToken] = useState(pendingInvitationToken);
  const [lists, setLists] = useState<Lists>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sharingAll, setSharingAll] = useState(false);
  const [accessVersion, setAccessVersion] = useState(0);
  const [link, setLink] = useState<Linked>({ state: 'loading' });

  useEffect(() => {
    if (token === null) return;
    let current = true;
    void viewInvitation(token).then((result) => {
      if (!current) return;
      if (result.ok) setLink({ state: 'seen', invitation: result.data });
      else if (/^SH\d{3}$/.test(result.error.code ?? ''))
        setLink({ state: 'refused', message: shareErrorMessage(t, result.error) });
      // Offline or no answer: the link can still be answered, unseen.
      else setLink({ state: 'unseen' });
    });
    return () => {
      current = false;
    };
  }, [token, t]);

  const refresh = useCallback(async () => {
    const result = await listInvitations();
    setLists(
      result.ok ? { state: 'ready', ...result.data } : { state: 'failed', error: result.error },
    );
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const dropToken = () => {
    forgetInvitationToken();
    setToken(null);
  };

  const answer = async (key: string, ref: InvitationRef, accept: boolean) => {
    setBusy(key);
    setRefusal(null);
    const result = accept ? await acceptInvitation(ref) : await declineInvitation(ref);
    setBusy(null);
    if (!result.ok) {
      // Expired, withdrawn, answered, or another address: said here, and nothing changed.
      setRefusal(shareErrorMessage(t, result.error));
      return;
    }
    if ('token' in ref) dropToken();
    if (!accept) {
      toast({ title: t('sharing.received.declined') });
      await refresh();
      return;
    }
    toast({ title: t('sharing.received.accepted') });
    // The server has pushed the shared rows past this device's cursor; pull them now.
    void sync.flush().catch(() => undefined);
    await navigate({ to: '/policy-tracker' });
  };

  const onWithdraw = async (invitation: ShareInvitation) => {
    setBusy(invitation.id);
    const result = await withdrawInvitation(invitation.id);
    setBusy(null);
    if (!result.ok) {
      toast({
        title: t('sharing.failed'),
        description: shareErrorMessage(t, result.error),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t('sharing.access.withdrawn', { email: invitation.email }) });
    setAccessVersion((value) => value + 1);
    await refresh();
  };

  const received = lists.state === 'ready' ? lists.received : [];
  const linked = token !== null && link.state === 'seen' ? link.invitation : undefined;
  const listed = linked ? received.filter((i) => i.id !== linked.id) : received;

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <BackLink to="/policy-tracker" label={t('sharing.back')} />
        <Title order={1}>{t('sharing.page.title')}</Title>
        {refusal !== null ? (
          <Alert color="red" role="alert" title={t('sharing.received.notAnswered')}>
            {refusal}
          </Alert>
        ) : null}

        {token !== null ? (
          <TitledPanel title={t('sharing.link.title')}>
            {link.state === 'loading' ? <LoadingStatus label={t('sharing.page.loading')} /> : null}
            {link.state === 'refused' ? <Text>{link.message}</Text> : null}
            {link.state === 'unseen' ? <Text>{t('sharing.link.unseen')}</Text> : null}
            {linked ? <InvitationFacts invitation={linked} /> : null}
            {link.state === 'seen' || link.state === 'unseen' ? (
              <AnswerButtons
                busy={busy === 'token'}
                onAccept={() => void answer('token', { token }, true)}
                onDecline={() => void answer('token', { token }, false)}
              />
            ) : null}
          </TitledPanel>
        ) : null}

        {lists.state === 'loading' ? <LoadingStatus label={t('sharing.page.loading')} /> : null}
        {lists.state === 'failed' ? (
          <Alert color="yellow" title={t('sharing.page.unavailable')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{shareErrorMessage(t, lists.error)}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void refresh()}>
                {t('sharing.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}

        {lists.state === 'ready' ? (
          <>
            <TitledPanel title={t('sharing.received.title')}>
              {listed.length === 0 ? (
                <Text fz="sm">
                  {linked ? t('sharing.received.onlyLink') : t('sharing.received.none')}
                </Text>
              ) : (
                <ul className={classes.list}>
                  {listed.map((invitation) => (
                    <li key={invitation.id} className={classes.row}>
                      <InvitationFacts invitation={invitation} />
                      <AnswerButtons
                        subject={sender(invitation)}
                        busy={busy === invitation.id}
                        onAccept={() =>
                          void answer(invitation.id, { invitationId: invitation.id }, true)
                        }
                        onDecline={() =>
                          void answer(invitation.id, { invitationId: invitation.id }, false)
                        }
                      />
                    </li>
                  ))}
                </ul>
              )}
            </TitledPanel>

            <TitledPanel title={t('sharing.sent.title')}>
              {lists.sent.length === 0 ? (
                <Text fz="sm">{t('sharing.sent.none')}</Text>
              ) : (
                <ul className={classes.list}>
                  {lists.sent.map((invitation) => (
                    <InvitationRow
                      key={invitation.id}
                      invitation={invitation}
                      busy={busy === invitation.id}
                      {...(invitation.status === 'pending'
                        ? { onWithdraw: () => void onWithdraw(invitation) }
                        : {})}
                    >
                      <Text fz="sm">
                        {scopeText(t, invitation)} ·{' '}
                        {invitation.role === 'editor'
                          ? t('sharing.role.editor')
                          : t('sharing.role.viewer')}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {invitation.status === 'pending'
                          ? t('sharing.expires', { date: formatDate(invitation.expires_at) })
                          : statusText(t, invitation.status)}
                      </Text>
                    </InvitationRow>
                  ))}
                </ul>
              )}
            </TitledPanel>
          </>
        ) : null}

        <TitledPanel title={t('sharing.all.title')}>
          <Text fz="sm">{t('sharing.all.intro')}</Text>
          <Button
            variant="light"
            onClick={() => setSharingAll(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('sharing.panel.shareAll')}
          </Button>
          <AccessList policyId={null} version={accessVersion} />
        </TitledPanel>
      </Stack>
      <LazyInviteDialog
        opened={sharingAll}
        onClose={() => setSharingAll(false)}
        policyId={null}
        onSent={() => {
          setAccessVersion((value) => value + 1);
          void refresh();
        }}
      />
    </Container>
  );
}
