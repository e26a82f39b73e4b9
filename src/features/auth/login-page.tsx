import { useState } from 'react';
import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  credentialsSchema,
  resetEmailSchema,
  signUpSchema,
  type CredentialsValues,
} from '@/domain/auth';
import { toast } from '@/lib/toast';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-context';
import {
  sendPasswordResetEmail,
  signInWithGoogle,
  signInWithPassword,
  signUpWithPassword,
} from './auth-api';

const showPassword = { 'aria-label': 'Show or hide password' };

function LoginForm() {
  const auth = useAuth();
  const [pending, setPending] = useState(false);
  const [sendingReset, setSendingReset] = useState(false);
  const form = useForm<CredentialsValues>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setPending(true);
    auth.beginSignIn('login');
    const { error } = await signInWithPassword(email, password);
    if (error) {
      auth.endSignIn();
      setPending(false);
      toast({ title: 'Sign in Failed', description: error, variant: 'destructive' });
    }
    // On success the auth provider toasts and navigates; the button stays busy until then.
  });

  const onForgot = async () => {
    const email = resetEmailSchema.safeParse(form.getValues('email'));
    if (!email.success) {
      form.setError(
        'email',
        { message: 'Enter your email address above to receive a password reset link.' },
        { shouldFocus: true },
      );
      return;
    }
    form.clearErrors('email');
    setSendingReset(true);
    const { error } = await sendPasswordResetEmail(email.data);
    setSendingReset(false);
    if (error) {
      toast({ title: 'Error sending reset email', description: error, variant: 'destructive' });
      return;
    }
    toast({
      title: 'Password reset email sent',
      description: 'Check your email for a link to reset your password.',
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          disabled={pending}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          disabled={pending}
          visibilityToggleButtonProps={showPassword}
          {...form.register('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void onForgot()}
            disabled={sendingReset}
          >
            {sendingReset ? 'Sending reset email...' : 'Forgot password?'}
          </Anchor>
        </Group>
        <Button type="submit" disabled={pending} fullWidth>
          {pending ? 'Logging In...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}

function SignUpForm() {
  const auth = useAuth();
  const [pending, setPending] = useState(false);
  const form = useForm<CredentialsValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setPending(true);
    auth.beginSignIn('signup');
    const { error, needsConfirmation } = await signUpWithPassword(email, password);
    if (error) {
      auth.endSignIn();
      setPending(false);
      toast({ title: 'Sign up Failed', description: error, variant: 'destructive' });
      return;
    }
    if (needsConfirmation) {
      auth.endSignIn();
      setPending(false);
      form.reset();
      toast({
        title: 'Sign up successful!',
        description: 'Please check your email to confirm your account.',
      });
    }
    // With a session the provider toasts and takes the user to the dashboard.
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          disabled={pending}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          description="Minimum 6 characters"
          autoComplete="new-password"
          error={errors.password?.message}
          disabled={pending}
          visibilityToggleButtonProps={showPassword}
          {...form.register('password')}
        />
        <Button type="submit" disabled={pending} fullWidth>
          {pending ? 'Signing Up...' : 'Sign Up'}
        </Button>
      </Stack>
    </form>
  );
}

export function LoginPage({ redirect }: { redirect?: string }) {
  const [googlePending, setGooglePending] = useState(false);

  const onGoogle = async () => {
    setGooglePending(true);
    const { error } = await signInWithGoogle(redirect);
    if (error) {
      setGooglePending(false);
      toast({ title: 'Google Sign-in Failed', description: error, variant: 'destructive' });
    }
    // Otherwise the browser is on its way to the account chooser.
  };

  return (
    <AuthCard
      title="Welcome to BimaGuide"
      subtitle="Log in or create an account to track your policies"
    >
      <Tabs defaultValue="login" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="login">Login</Tabs.Tab>
          <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpForm />
        </Tabs.Panel>
      </Tabs>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={() => void onGoogle()}
        disabled={googlePending}
        fullWidth
      >
        Continue with Google
      </Button>
    </AuthCard>
  );
}
