import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { useBrokerNote } from '@/components/credentials';
import { useClientToday } from '@/lib/client-only';
import { useLocalePath, useT } from '@/lib/use-i18n';
import { footerColumns } from './nav-links';
import classes from './layout.module.css';

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
