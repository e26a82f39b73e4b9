import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { useT } from '@/lib/use-i18n';
import { AuthPending } from './auth-pending';
import { useAuth } from './auth-context';
import { PasswordChangeForm } from './password-change-form';

/** /password-reset: after the emailed recovery link (a recovery session) or from the account menu. */
export function PasswordResetPage() {
  const t = useT();
  const { loading, user, isAdmin } = useAuth();
  const navigate = useNavigate();

  let body;
  if (loading) {
    body = <AuthPending />;
  } else if (!user) {
    body = (
      <Stack gap="md" align="flex-start">
        <Text>{t('auth.reset.signedOut')}</Text>
        <Button component={Link} to="/login">
          {t('auth.reset.goToLogin')}
        </Button>
      </Stack>
    );
  } else if (user.provider !== 'email') {
    body = (
      <Alert icon={<IconInfoCircle aria-hidden />} title={t('auth.reset.noPassword')}>
        {t('auth.reset.providerManaged', {
          provider: user.provider === 'google' ? 'Google' : user.provider,
          brand: site.brand,
        })}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text c="dimmed">{t('auth.reset.signedInAs', { email: user.email })}</Text>
        <PasswordChangeForm
          success={{
            title: t('auth.toast.passwordUpdated'),
            description: t('auth.toast.passwordUpdatedDetail'),
          }}
          onChanged={() => void navigate({ to: isAdmin ? '/admin' : '/policy-tracker' })}
        />
      </Stack>
    );
  }

  return (
    <Container size="xs" py="xl">
      <PageHeader title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <Paper withBorder radius="md" p="lg">
        {body}
      </Paper>
    </Container>
  );
}
