import type { ReactNode } from 'react';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useCredentialText } from '@/components/credentials';
import { site } from '@/config/site';

/**
 * The broker licence and the two POSP certifications, each as valid as today allows (the
 * advice and about pages). `names` are the cards' titles and the licence's name in the card.
 */
export function CredentialCards({
  titles,
  brokerName,
  pospName,
  today,
  icon,
}: {
  titles: { broker: string; life: string; general: string };
  brokerName: string;
  pospName: string;
  today: string | null;
  icon?: ReactNode;
}) {
  const credential = useCredentialText();
  const cards = [
    { title: titles.broker, detail: credential(brokerName, site.licence.broker, today) },
    { title: titles.life, detail: credential(pospName, site.licence.lifeCertification, today) },
    {
      title: titles.general,
      detail: credential(pospName, site.licence.generalCertification, today),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {cards.map((card) => (
        <Card key={card.title} withBorder radius="md" padding="lg">
          {icon}
          <Text fw={700}>{card.title}</Text>
          <Text fz="sm" c="dimmed">
            {card.detail}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
