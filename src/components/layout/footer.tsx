import type { ReactNode } from 'react';
import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { useBrokerNote } from '@/components/credentials';
import { useClientToday } from '@/lib/client-only';
import { useLocalePath, useT } from '@/lib/use-i18n';
import { footerColumns } from './nav-links';
import classes from './layout.module.css';

/** A footer contact; chat and booking open in a new tab, without giving it this page. */
function ContactLink({
  href,
  external = false,
  children,
}: {
  href: string;
  external?: boolean;
  children: ReactNode;
}) {
  return (
    <Anchor
      href={href}
      fz="sm"
      c="dimmed"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </Anchor>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  const today = useClientToday();
  const t = useT();
  const localePath = useLocalePath();
  const brokerNote = useBrokerNote(today);
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          {footerColumns.map((column) => (
            <Stack key={column.title} gap={6} component="nav" aria-label={t(column.title)}>
              <Title order={2} fz="md">
                {t(column.title)}
              </Title>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={localePath(link.to)} c="dimmed" fz="sm">
                  {t(link.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
          <Stack gap={6}>
            <Title order={2} fz="md">
              {t('shell.footer.contact')}
            </Title>
            <ContactLink href={site.contact.chatUrl} external>
              {t('site.chatLabel')}
            </ContactLink>
            <ContactLink href={`mailto:${site.contact.email}`}>{site.contact.email}</ContactLink>
            <ContactLink href={site.contact.schedulingUrl} external>
              {t('shell.footer.bookCall')}
            </ContactLink>
            <Text fz="sm" c="dimmed">
              {t('site.hours')}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('site.location')}
            </Text>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Stack gap="xs">
          <Text fz="xs" c="dimmed">
            {brokerNote}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('site.disclaimer')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('shell.footer.copyright', {
              year,
              brand: site.brand,
              location: t('site.location'),
            })}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
