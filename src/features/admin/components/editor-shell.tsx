import type { FormEventHandler, ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import { AdminPage, StatusText } from './admin-page';
import { FormActions } from '@/components/ui/form-actions';

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
              <FormActions
                cancelLabel="Cancel"
                submitLabel={submitLabel}
                onCancel={onCancel}
                busy={saving}
                mt="sm"
              />
            </Stack>
          </form>
        </Paper>
      )}
      {guard}
    </AdminPage>
  );
}
