import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/lib/use-i18n';

/** What the dashboard and the outlook show before the first policy, with the way to add it. */
export function NoPoliciesYet({ text }: { text: string }) {
  const t = useT();
  return (
    <EmptyState
      title={t('tracker.empty.title')}
      text={text}
      action={
        <Button
          component={Link}
          to="/policy-tracker/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('tracker.empty.add')}
        </Button>
      }
    />
  );
}
