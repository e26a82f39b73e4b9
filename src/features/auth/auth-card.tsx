import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { useT } from '@/lib/use-i18n';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The standalone frame of /login and /admin-login, which live outside the site layout. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const t = useT();
  return (
    <Box component="main" id="main-content" bg="gray.0" mih="100dvh">
      <Center mih="100dvh" p="md">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
          <Stack gap="lg">
            <Anchor component={Link} to="/" size="sm" w="fit-content">
              <Group gap={4} component="span">
                <IconArrowLeft size={16} aria-hidden />
                {t('auth.backToWebsite')}
              </Group>
            </Anchor>
            <Stack gap={4} align="center">
              <Group gap={6} c="teal.9">
                <IconShieldCheck size={28} aria-hidden />
                <Text fw={800} fz="lg" component="span">
                  {site.brand}
                </Text>
              </Group>
              <Title order={1} fz={26} ta="center">
                {title}
              </Title>
              <Text c="dimmed" ta="center">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
