import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import type { ShareInvitation } from '@/domain/schemas/share';
import { useT } from '@/lib/use-i18n';
import classes from './sharing.module.css';

interface InvitationRowProps {
  invitation: ShareInvitation;
  /** The lines under the address: role, scope, expiry or what became of it. */
  children: ReactNode;
  busy: boolean;
  /** Offered while the invitation waits. */
  onWithdraw?: () => void;
}

/** One invitation the user sent: the address, its details, and Withdraw while it waits. */
export function InvitationRow({ invitation, children, busy, onWithdraw }: InvitationRowProps) {
  const t = useT();
  return (
    <li className={classes.row}>
      <Stack gap={2} className={classes.who}>
        <Text fw={600} className={classes.wrap}>
          {invitation.email}
        </Text>
        {children}
      </Stack>
      {onWithdraw ? (
        <Button
          size="sm"
          variant="default"
          loading={busy}
          aria-label={t('sharing.access.withdrawFor', { email: invitation.email })}
          onClick={onWithdraw}
        >
          {t('sharing.access.withdraw')}
        </Button>
      ) : null}
    </li>
  );
}
