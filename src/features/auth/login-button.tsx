import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/use-i18n';

interface LoginButtonProps {
  variant: 'menu' | 'drawer';
  onNavigate?: () => void;
}

/** What a signed-out visitor sees in the account slot; light enough for the first download. */
export function LoginButton({ variant, onNavigate }: LoginButtonProps) {
  const t = useT();
  return (
    <Button
      component={Link}
      to="/login"
      onClick={onNavigate}
      fullWidth={variant === 'drawer'}
      size="sm"
    >
      {t('shell.login')}
    </Button>
  );
}
