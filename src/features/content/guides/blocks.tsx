import {
  Accordion,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLocalePath } from '@/lib/use-i18n';
import { Bullets, Note, NumberedSteps, SubSection } from '../components/guide';
import type { Block } from './model';
import { Rich } from './rich';

function DataTable({ block }: { block: Extract<Block, { kind: 'table' }> }) {
  return (
    <Table
      striped
      withTableBorder
      captionSide="bottom"
      verticalSpacing="sm"
      maw={block.narrow ? 480 : undefined}
    >
      <Table.Caption>{block.caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {block.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {block.rows.map(([header, ...cells]) => (
          <Table.Tr key={header}>
            <Table.Th scope="row" fw={500}>
              {header}
            </Table.Th>
            {cells.map((cell, index) => (
              <Table.Td key={index}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Buttons({ block }: { block: Extract<Block, { kind: 'buttons' }> }) {
  const localePath = useLocalePath();
  return (
    <Group mt="sm">
      {block.buttons.map((button) => (
        <Button
          key={button.to}
          component={Link}
          to={localePath(button.to)}
          variant={button.primary ? 'light' : 'subtle'}
        >
          {button.label}
        </Button>
      ))}
    </Group>
  );
}

/** One block of a page's content data (./model.ts). */
export function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'text':
      return (
        <Text>
          <Rich text={block.text} />
        </Text>
      );
    case 'small':
      return (
        <Text fz="sm" c="dimmed">
          <Rich text={block.text} />
        </Text>
      );
    case 'bullets':
      return (
        <Bullets
          items={block.items.map((item) => (
            <Rich key={item} text={item} />
          ))}
        />
      );
    case 'note':
      return (
        <Note title={block.title}>
          <Rich text={block.text} />
        </Note>
      );
    case 'steps':
      return (
        <NumberedSteps
          steps={block.steps.map((step) => ({
            title: step.title,
            text: <Rich text={step.text} />,
          }))}
        />
      );
    case 'cards':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {block.cards.map((card) => (
            <Card key={card.title} withBorder radius="md" padding="lg">
              <Title order={3} fz="md" mb={4}>
                {card.title}
              </Title>
              <Text fz="sm" c="dimmed">
                <Rich text={card.text} />
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      );
    case 'lists':
      return (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {block.lists.map((list) => (
            <Card key={list.title} withBorder radius="md" padding="lg">
              <Title order={3} fz="lg" mb="sm">
                {list.title}
              </Title>
              <Bullets items={list.items} />
            </Card>
          ))}
        </SimpleGrid>
      );
    case 'table':
      return <DataTable block={block} />;
    case 'subsection':
      return (
        <SubSection title={block.title}>
          <Blocks blocks={block.blocks} />
        </SubSection>
      );
    case 'faq':
      return (
        <Accordion variant="separated" order={3}>
          {block.items.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Control>
                <Rich text={item.question} />
              </Accordion.Control>
              <Accordion.Panel>
                <Rich text={item.answer} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      );
    case 'buttons':
      return <Buttons block={block} />;
    case 'calculatorLink':
      return (
        <Text>
          {/* The home page scrolls to the calculator itself once its lazily loaded code is in
              place; the router's own scrolling would land on the empty placeholder or the top. */}
          <Anchor
            renderRoot={(props) => (
              <Link
                to="/"
                search={{ calc: 'hlv' }}
                hash="calculators"
                resetScroll={false}
                hashScrollIntoView={false}
                {...props}
              />
            )}
          >
            {block.label}
          </Anchor>
        </Text>
      );
  }
}

export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, index) => <BlockView key={index} block={block} />);
}
