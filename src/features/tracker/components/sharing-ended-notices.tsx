import { IconUserOff } from '@tabler/icons-react';
import type { SharingEndedNotice } from '@/sync';
import { sayValue } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { NoticeList } from './notice-list';

interface SharingEndedNoticesProps {
  notices: readonly SharingEndedNotice[];
  onDismiss: (policyId: string) => void;
}

/**
 * An owner stopped sharing a policy while this device still had the user's changes to it
 * queued: the policy is gone, and the changes with it; this says so until dismissed.
 */
export function SharingEndedNotices({ notices, onDismiss }: SharingEndedNoticesProps) {
  const t = useT();
  return (
    <NoticeList
      testId="sharing-ended-notices"
      color="orange"
      icon={<IconUserOff size={16} aria-hidden />}
      notices={notices.map((notice) => ({
        key: notice.policy_id,
        text: t('shared.ended.text', {
          owner: notice.owner_name || t('shared.ended.someone'),
          policy: sayValue(t, notice.label),
          count: notice.unsaved,
        }),
        actions: [
          {
            label: t('shared.ended.dismiss'),
            ariaLabel: t('shared.ended.dismissLabel', { policy: sayValue(t, notice.label) }),
            onClick: () => onDismiss(notice.policy_id),
          },
        ],
      }))}
    />
  );
}
