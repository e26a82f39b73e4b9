import { useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconMail, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/use-i18n';
import { useWaitingInvitations } from '../use-waiting-invitations';
import { LazyInviteDialog } from './lazy-invite-dialog';

/**
 * The dashboard's way into family sharing, one line after the policies: "Share all my
 * policies" (later ones included), and the invitations page (which also lists who has access
 * to everything) with the number waiting for the user's answer.
 */
export function SharingPanel({ userId }: { userId: string }) {
  const t = useT();
  const [inviting, setInviting] = useState(false);
  const waiting = useWaitingInvitations(userId);
  return (
    <Group gap="xs" role="group" aria-label={t('sharing.panel.title')}>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUsers size={16} aria-hidden />}
        onClick={() => setInviting(true)}
      >
        {t('sharing.panel.shareAll')}
      </Button>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconMail size={16} aria-hidden />}
        rightSection={
          waiting ? (
            <Badge size="sm" circle aria-hidden>
              {waiting}
            </Badge>
          ) : null
        }
        aria-label={
          waiting
            ? t('sharing.panel.invitationsWaiting', { count: waiting })
            : t('sharing.panel.invitations')
        }
        renderRoot={(props) => <Link {...props} to="/policy-tracker/invitations" />}
      >
        {t('sharing.panel.invitations')}
      </Button>
      <LazyInviteDialog opened={inviting} onClose={() => setInviting(false)} policyId={null} />
    </Group>
  );
}
