import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { pickableIconFor, pickableIcons } from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import { PolicyTypeIcon } from './policy-type-icon';

interface IconPickerProps {
  /** The stored icon name; '' for none (cards then show a shield). */
  value: string;
  onChange: (name: string) => void;
}

/**
 * The user's choice of icon for their own type: the bundled icons, each named in words, as
 * radio cards (arrow keys move between them; the dot, not only the colour, marks the choice).
 * A name typed before the picker existed stays offered, so renaming keeps it.
 */
export function IconPicker({ value, onChange }: IconPickerProps) {
  const t = useT();
  const picked = pickableIconFor(value);
  const choices = [
    ...(value !== '' && !picked ? [{ name: value, label: value }] : []),
    ...pickableIcons.map((icon) => ({ name: icon.name, label: t(`tracker.icons.${icon.name}`) })),
  ];
  const selected = picked?.name ?? value;
  return (
    <Radio.Group
      label={t('tracker.icons.label')}
      description={t('tracker.icons.help')}
      value={selected}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
        {choices.map((icon) => (
          <Radio.Card key={icon.name} value={icon.name} radius="md" p="xs" withBorder>
            <Group gap="xs" wrap="nowrap">
              <Radio.Indicator size="xs" />
              <PolicyTypeIcon name={icon.name} size={20} />
              <Text size="sm" lh={1.2}>
                {icon.label}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
