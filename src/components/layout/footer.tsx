import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { credentialDate, isCredentialCurrent } from '@/domain/content/credentials';
import { formatDate } from '@/lib/format-date';
import { useClientToday } from '@/lib/client-only';
import { useLocale, useT } from '@/lib/use-i18n';
import { footerColumns } from './nav-links';
import classes from './layout.module.css';

/**
 * The broker licence in the active language: the name alone until today's date is known, then
 * valid till / validity ended (src/domain/content/credentials.ts decides which). English keeps
 * the spec's date style ("April 2026"); Hindi names the month in Hindi ("अप्रैल 2026").
 */
function useBrokerLicenceText(today: string | null): string {
  const t = useT();
  const locale = useLocale();
  const { broker } = site.licence;
  const name = t('site.brokerLicence', { number: site.licence.brokerNumber });
  if (today === null) return name;
  const date =
    locale === 'en'
      ? credentialDate(broker)
      : formatDate(broker.validUntil, broker.shownAs === 'month' ? 'month' : 'short', locale);
  return isCredentialCurrent(broker, today)
    ? t('site.credential.validTill', { name, date })
    : t('site.credential.ended', { name, date });
}

export function Footer() {
  const year = new Date().getFullYear();
  const today = useClientToday();
  const t = useT();
  const licence = useBrokerLicenceText(today);
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
                <Anchor key={link.to} component={Link} to={link.to} c="dimmed" fz="sm">
                  {t(link.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
          <Stack gap={6}>
            <Title order={2} fz="md">
              {t('shell.footer.contact')}
            </Title>
            <Anchor
              href={site.contact.chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              fz="sm"
              c="dimmed"
            >
              {t('site.chatLabel')}
            </Anchor>
            <Anchor href={`mailto:${site.contact.email}`} fz="sm" c="dimmed">
              {site.contact.email}
            </Anchor>
            <Anchor
              href={site.contact.schedulingUrl}
              target="_blank"
              rel="noopener noreferrer"
              fz="sm"
              c="dimmed"
            >
              {t('shell.footer.bookCall')}
            </Anchor>
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
            {t('site.brokerNote', { licence })}
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
