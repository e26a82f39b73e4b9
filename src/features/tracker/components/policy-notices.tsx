import { useMemo } from 'react';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { describeNotice, readEveryPolicyType, type NoticeWords, type PolicyNotice } from '@/sync';
import { sayMessage, sayValue } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { useTracker } from '../tracker-context';
import { policyDate, typeName } from '../words';
import { NoticeList, type NoticeAction } from './notice-list';

interface PolicyNoticesProps {
  notices: readonly PolicyNotice[];
  onKeepMine: (policyId: string) => void;
  onRestore: (policyId: string) => void;
  onDismiss: (policyId: string) => void;
  /** The people the user shares with, by user id: a notice names who changed the policy. */
  names?: ReadonlyMap<string, string>;
}

/**
 * What sync decided against this device: a value it entered that another device's later
 * change replaced (with a way to put it back), or an edit that arrived after the policy was
 * deleted elsewhere. The rule stays deterministic; the user is told, not overruled silently.
 */
export function PolicyNotices({
  notices,
  onKeepMine,
  onRestore,
  onDismiss,
  names,
}: PolicyNoticesProps) {
  const t = useT();
  const { db } = useTracker();
  const types = useLiveQuery(() => readEveryPolicyType(db), [db], []);
  const words = useMemo<NoticeWords>(() => {
    const byId = new Map(types.map((type) => [type.id, type]));
    return {
      date: policyDate,
      policyType: (typeId) => {
        const type = byId.get(typeId);
        return type && typeName(t, type);
      },
      names,
    };
  }, [types, t, names]);
  const actionsFor = (notice: PolicyNotice): NoticeAction[] => {
    const id = notice.policy_id;
    const label = sayValue(t, notice.label);
    const main: NoticeAction =
      notice.kind === 'changed'
        ? {
            label: t('tracker.notices.keepMine'),
            ariaLabel: t('tracker.notices.keepMineFor', { label }),
            onClick: () => onKeepMine(id),
            variant: 'light',
          }
        : {
            label: t('tracker.notices.restore'),
            ariaLabel: t('tracker.notices.restoreFor', { label }),
            onClick: () => onRestore(id),
            variant: 'light',
          };
    return [
      main,
      {
        label: t('tracker.notices.ok'),
        ariaLabel: t('tracker.notices.dismissFor', { label }),
        onClick: () => onDismiss(id),
      },
    ];
  };
  return (
    <NoticeList
      testId="policy-notices"
      color="yellow"
      icon={<IconArrowsExchange size={16} aria-hidden />}
      notices={notices.map((notice) => ({
        key: notice.policy_id,
        text: sayMessage(t, describeNotice(notice, words)),
        actions: actionsFor(notice),
      }))}
    />
  );
}
