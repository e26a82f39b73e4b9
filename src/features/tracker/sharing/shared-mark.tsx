import { IconUsers } from '@tabler/icons-react';
import { useT } from '@/lib/use-i18n';
import type { SharedPolicyInfo } from '@/sync';
import classes from '../components/tracker.module.css';

/** "Shared by Priya" on a card of a policy someone shared with the user (issue 18). */
export function SharedMark({ shared }: { shared: SharedPolicyInfo }) {
  const t = useT();
  return (
    <p className={classes.sharedMark}>
      <IconUsers size={14} aria-hidden />
      {shared.owner_label ? t('shared.by', { name: shared.owner_label }) : t('shared.withYou')}
    </p>
  );
}
