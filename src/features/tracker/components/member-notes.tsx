import { IconUsers } from '@tabler/icons-react';
import { describeMemberNote, type MemberNote } from '@/sync';
import { sayMessage } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { NoticeList } from './notice-list';

interface MemberNotesProps {
  notes: readonly MemberNote[];
  onDismiss: (personId: string) => void;
}

/**
 * Covered members two devices added with different relationships: sync kept one person and
 * one relationship, and says which, so the other device's choice is not lost without a word.
 */
export function MemberNotes({ notes, onDismiss }: MemberNotesProps) {
  const t = useT();
  return (
    <NoticeList
      testId="member-notes"
      color="blue"
      icon={<IconUsers size={16} aria-hidden />}
      notices={notes.map((note) => ({
        key: note.person_id,
        text: sayMessage(t, describeMemberNote(note)),
        actions: [
          {
            label: t('tracker.notes.gotIt'),
            ariaLabel: t('tracker.notes.dismissMember', { name: note.name }),
            onClick: () => onDismiss(note.person_id),
          },
        ],
      }))}
    />
  );
}
