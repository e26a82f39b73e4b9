import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { AdminPage, StatusText } from './admin-page';

interface EditorShellProps {
  title: string;
  loading: boolean;
  saving: boolean;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The unsaved-changes dialog from useLeaveGuard. */
  guard: ReactNode;
  children: ReactNode;
}

/** The frame shared by the news, glossary, FAQ and policy-type editors. */
export function EditorShell({
  title,
  loading,
  saving,
  submitLabel,
  onSubmit,
  onCancel,
  guard,
  children,
}: EditorShellProps) {
  return (
    <AdminPage title={title}>
      {loading ? (
        <StatusText>Loading...</StatusText>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={820}>
          <form onSubmit={onSubmit} noValidate aria-label={title}>
            <Stack gap="md">
              {children}
              <Group justify="flex-end" mt="sm">
                <Button variant="default" onClick={onCancel} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  {submitLabel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      {guard}
    </AdminPage>
  );
}
