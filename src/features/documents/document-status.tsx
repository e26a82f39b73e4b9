import { Badge, Button, Group, Progress, Text } from '@mantine/core';
import type { DocumentFileView } from '@/domain/documents';
import { sayStored } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';

/** A file's state in words (never colour alone), with Retry where the user can help. */
export function DocumentStatus({
  view,
  name,
  savedBy = null,
  onRetry,
}: {
  view: DocumentFileView;
  name: string;
  /** Who saved it when the policy is someone else's, shared with the user (issue 18). */
  savedBy?: string | null;
  onRetry: () => void;
}) {
  const t = useT();
  const retry = (
    <Button
      size="compact-sm"
      variant="light"
      onClick={onRetry}
      aria-label={t('documents.status.retryFor', { name })}
    >
      {t('documents.status.retry')}
    </Button>
  );
  switch (view.state) {
    case 'preparing':
      return (
        <Text size="sm" c="dimmed">
          {t('documents.status.preparing')}
        </Text>
      );
    case 'kept':
      return (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            {t('documents.status.kept', { reason: sayStored(t, view.reason) })}
          </Text>
          {retry}
        </Group>
      );
    case 'queued':
      return (
        <Text size="sm" c="dimmed">
          {t(
            view.waitingFor === 'connection'
              ? 'documents.status.offline'
              : view.waitingFor === 'sync'
                ? 'documents.status.afterSync'
                : 'documents.status.waiting',
          )}
        </Text>
      );
    case 'uploading':
      // supabase-js reports no upload progress; see README (Documents) for why no percentage.
      return (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{t('documents.status.uploading')}</Text>
          <Progress
            value={100}
            animated
            striped
            w={80}
            aria-label={t('documents.status.uploadingName', { name })}
            aria-valuetext={t('documents.status.uploadingShort')}
          />
        </Group>
      );
    case 'uploaded':
      return (
        <Badge variant="light" color="teal">
          {t('documents.status.uploaded')}
        </Badge>
      );
    case 'failed':
      return (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            {t('documents.status.failed', { reason: sayStored(t, view.reason) })}
            {view.retryAt ? ` ${t('documents.status.againLater')}` : ''}
          </Text>
          {retry}
        </Group>
      );
    case 'remote':
      return (
        <Text size="sm" c="dimmed">
          {savedBy === null
            ? t('documents.status.remote')
            : t('shared.document.remote', { name: savedBy || t('shared.panel.someone') })}
        </Text>
      );
    case 'downloading':
      return <Text size="sm">{t('documents.status.downloading')}</Text>;
  }
}
