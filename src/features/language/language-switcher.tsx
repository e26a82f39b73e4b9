import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { localeNames, localizedPage, pathInLocale, type Locale } from '@/lib/i18n';
import { useLocale } from '@/lib/use-i18n';
import { switchLocale } from './switch-locale';

interface LanguageSwitcherProps {
  /** The signed-in user, whose settings row remembers the choice for their other devices. */
  userId: string | null;
  fullWidth?: boolean;
}

/**
 * One button naming the other language in its own script ("हिंदी" while English shows,
 * "English" while Hindi shows), so a reader finds it without reading the current one. On a
 * page published in both languages it opens the other language's address (the address decides
 * a guide's language); elsewhere the page changes language where it is.
 */
export function LanguageSwitcher({ userId, fullWidth = false }: LanguageSwitcherProps) {
  const locale = useLocale();
  const other: Locale = locale === 'hi' ? 'en' : 'hi';
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const switchTo = async () => {
    const page = localizedPage(pathname);
    if (page) await navigate({ to: pathInLocale(page.path, other) });
    await switchLocale(other, userId);
  };
  return (
    <Button
      variant="subtle"
      fullWidth={fullWidth}
      leftSection={<IconLanguage size={16} aria-hidden />}
      lang={other === 'hi' ? 'hi' : 'en'}
      data-testid="language-switcher"
      onClick={() => void switchTo()}
    >
      {localeNames[other]}
    </Button>
  );
}
