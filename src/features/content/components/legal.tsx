import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { site } from '@/config/site';
import { GuidePage } from './guide';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <GuidePage title={title} subtitle={<Text span>Last updated: {site.legalLastUpdated}</Text>}>
      {children}
    </GuidePage>
  );
}
