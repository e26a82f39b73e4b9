import { useMemo } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  rowsFromTable,
  transferColumns,
  unmappedRequired,
  type ColumnMapping,
  type ImportRow,
  type TransferField,
} from '@/domain/transfer';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';

/** Rows shown in the preview. */
const PREVIEW_ROWS = 5;
const NOT_IN_FILE = '';

interface MappingStepProps {
  fileName: string;
  table: readonly (readonly string[])[];
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  onContinue: (rows: ImportRow[]) => void;
  onCancel: () => void;
}

function previewCell(row: ImportRow, field: TransferField): string {
  const value = row.values[field];
  return typeof value === 'string' ? value : '';
}

/** A CSV's columns matched to the policy's fields (by header name first), with a preview. */
export function MappingStep({
  fileName,
  table,
  mapping,
  onMappingChange,
  onContinue,
  onCancel,
}: MappingStepProps) {
  const t = useT();
  const options = useMemo(
    () => [
      { value: NOT_IN_FILE, label: t('transfer.map.notInFile') },
      ...(table[0] ?? []).map((header, index) => ({
        value: String(index),
        label: header.trim() === '' ? t('transfer.map.column', { n: index + 1 }) : header,
      })),
    ],
    [table, t],
  );
  // The file's headers stay English (a spreadsheet reads them); the screen names the fields.
  const fieldName = (field: TransferField) => t(`transfer.field.${field}`);
  const rows = useMemo(() => rowsFromTable(table, mapping), [table, mapping]);
  const preview = rows.slice(0, PREVIEW_ROWS);
  const mapped = transferColumns.filter((c) => mapping[c.field] !== undefined);
  const missing = unmappedRequired(mapping);
  const firstRow = table.find((cells, index) => index > 0 && cells.some((c) => c.trim() !== ''));

  const choose = (field: TransferField, value: string) => {
    const index = value === NOT_IN_FILE ? undefined : Number(value);
    const next: ColumnMapping = {};
    for (const column of transferColumns) {
      const at = column.field === field ? index : mapping[column.field];
      // One column feeds one field: taking it here frees it elsewhere.
      if (at === undefined || (column.field !== field && at === index)) continue;
      next[column.field] = at;
    }
    onMappingChange(next);
  };

  return (
    <Stack gap="md">
      <Text>
        {t('transfer.map.intro', {
          count: rows.length,
          n: formatIndianNumber(rows.length),
          file: fileName,
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {transferColumns.map((column) => {
          const at = mapping[column.field];
          const sample = at === undefined ? undefined : firstRow?.[at]?.trim();
          return (
            <NativeSelect
              key={column.field}
              label={
                column.required
                  ? t('transfer.map.required', { field: fieldName(column.field) })
                  : fieldName(column.field)
              }
              data={options}
              value={at === undefined ? NOT_IN_FILE : String(at)}
              onChange={(event) => choose(column.field, event.currentTarget.value)}
              description={
                sample ? t('transfer.map.example', { sample: sample.slice(0, 40) }) : '\u00a0'
              }
            />
          );
        })}
      </SimpleGrid>

      {missing.length > 0 ? (
        <Alert color="orange" title={t('transfer.map.missingTitle')}>
          {t('transfer.map.missing', { fields: missing.map((c) => fieldName(c.field)).join(', ') })}
        </Alert>
      ) : null}

      {preview.length > 0 && mapped.length > 0 ? (
        <Table.ScrollContainer
          minWidth={600}
          // On a phone the preview scrolls sideways: the keyboard must reach it too.
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('transfer.map.preview') },
          }}
        >
          <Table striped withTableBorder>
            <Table.Caption>{t('transfer.map.caption', { count: preview.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('transfer.map.line')}</Table.Th>
                {mapped.map((c) => (
                  <Table.Th key={c.field} scope="col">
                    {fieldName(c.field)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label.replace('Line ', '')}</Table.Th>
                  {mapped.map((c) => (
                    <Table.Td key={c.field}>{previewCell(row, c.field)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}

      <Group gap="sm">
        <Button disabled={missing.length > 0 || rows.length === 0} onClick={() => onContinue(rows)}>
          {t('transfer.map.check', { count: rows.length, n: formatIndianNumber(rows.length) })}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('transfer.map.another')}
        </Button>
      </Group>
    </Stack>
  );
}
