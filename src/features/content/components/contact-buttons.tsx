import { IconBrandWhatsapp, IconCalendarEvent } from '@tabler/icons-react';
import type { ButtonProps } from '@mantine/core';
import { ExternalButton } from '@/components/ui/external-button';
import { site } from '@/config/site';
import { useT } from '@/lib/use-i18n';

/** "Chat on WhatsApp": the home page, the contact and the advice pages. */
export function ChatButton(props: ButtonProps) {
  const t = useT();
  return (
    <ExternalButton
      href={site.contact.chatUrl}
      color="teal.9"
      leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
      {...props}
    >
      {t('site.chatLabel')}
    </ExternalButton>
  );
}

/** "Book a call" at the scheduling site: the contact and the advice pages. */
export function BookCallButton(props: ButtonProps) {
  const t = useT();
  return (
    <ExternalButton
      href={site.contact.schedulingUrl}
      leftSection={<IconCalendarEvent size={18} aria-hidden />}
      {...props}
    >
      {t('shell.footer.bookCall')}
    </ExternalButton>
  );
}
