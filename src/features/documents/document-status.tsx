import { Badge, Button, Group, Progress, Text } from '@mantine/core';
import type { DocumentFileView } from '@/domain/documents';
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
  switch (view.state) {
    case 'preparing':
      return (
        <Text size="sm" c="dimmed">
          Saved on this device — preparing it for upload…
        </Text>
      );
    case 'kept':
      return (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            Not uploaded. {view.reason}
          </Text>
          <Button size="compact-sm" variant="light" onClick={onRetry} aria-label={`Retry ${name}`}>
            Retry
          </Button>
        </Group>
      );
    case 'queued':
      return (
        <Text size="sm" c="dimmed">
          {view.waitingFor === 'connection'
            ? 'Saved on this device — uploads when you are online'
            : view.waitingFor === 'sync'
              ? 'Saved on this device — uploads after the policy syncs'
              : 'Saved on this device — waiting to upload'}
        </Text>
      );
    case 'uploading':
      // supabase-js reports no upload progress; see README (Documents) for why no percentage.
      return (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">Uploading…</Text>
          <Progress
            value={100}
            animated
            striped
            w={80}
            aria-label={`Uploading ${name}`}
            aria-valuetext="Uploading"
          />
        </Group>
      );
    case 'uploaded':
      return (
        <Badge variant="light" color="teal">
          Uploaded
        </Badge>
      );
    case 'failed':
      return (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            Upload failed: {view.reason}
            {view.retryAt ? ' It will be tried again automatically.' : ''}
          </Text>
          <Button size="compact-sm" variant="light" onClick={onRetry} aria-label={`Retry ${name}`}>
            Retry
          </Button>
        </Group>
      );
    case 'remote':
      return (
        <Text size="sm" c="dimmed">
          {savedBy === null
            ? 'On your other device — downloads when you open it'
            : t('shared.document.remote', { name: savedBy || t('shared.panel.someone') })}
        </Text>
      );
    case 'downloading':
      return <Text size="sm">Downloading…</Text>;
  }
}
