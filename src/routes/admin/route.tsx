import {
  createFileRoute,
  Outlet,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { AuthPending, requireAdmin } from '@/features/auth';
import { AdminLayout } from '@/features/admin';

/** The whole /admin tree is for the admin only (RLS enforces the same on the server). */
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context, preload }) => requireAdmin(context.auth, preload),
  pendingComponent: AuthPending,
  // Show 'Loading...' at once while the session check runs, never a blank page.
  pendingMs: 0,
  errorComponent: AdminError,
  component: AdminRoute,
});

function AdminRoute() {
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}

function AdminError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Center py={80} px="md">
      <Stack maw={480}>
        <Alert color="red" title="Admin area unavailable">
          {message}
        </Alert>
        <Button variant="light" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
