import { Badge, Group, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ColumnType } from '../../../contract/uploads';
import { COLUMN_TYPES } from '../../../contract/rules/enums';
import { columnNameErrors } from './names';
import { PREVIEW_ROWS, type Preview } from './preview';

/** A column as the user shapes it: its header in the file, the name and type to create. */
export type ColumnDraft = { source: string; name: string; type: ColumnType; suggested: ColumnType };

const TYPE_OPTIONS = COLUMN_TYPES.map((t) => ({ value: t, label: t }));

/**
 * Step 2 of the wizard: the first rows of the file under an editable name and type per column
 * (suggested from the rows; the service checks every row on insert).
 */
export function TypesStep(props: {
  preview: Preview;
  columns: ColumnDraft[];
  onChange: (columns: ColumnDraft[]) => void;
}) {
  const { preview, columns } = props;
  const errors = columnNameErrors(columns.map((c) => c.name));
  const set = (i: number, patch: Partial<ColumnDraft>) =>
    props.onChange(columns.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {columns.length} columns. Types are suggested from the first {preview.rows.length} rows
        {preview.more ? ' (the file has more)' : ''}; change any of them. Integers too large for
        bigint are suggested as uint256 or int256, which keep every digit. Names: lower-case
        letters, digits and _, not starting with a digit; a header written otherwise is kept as the
        column&apos;s description.
      </Text>
      <ScrollArea type="auto" offsetScrollbars>
        <Table
          withTableBorder
          withColumnBorders
          striped
          aria-label="Columns and preview"
          style={{ tableLayout: 'fixed', width: 'max-content', minWidth: '100%' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={i} w={190} style={{ verticalAlign: 'top' }}>
                  <Stack gap={6}>
                    <Group gap={4} justify="space-between" wrap="nowrap">
                      <Text size="xs" c="dimmed" truncate title={c.source}>
                        {c.source || `column ${i + 1}`}
                      </Text>
                      {c.type !== c.suggested && (
                        <Badge size="xs" variant="light">
                          changed
                        </Badge>
                      )}
                    </Group>
                    <TextInput
                      size="xs"
                      aria-label={`Name of column ${i + 1}`}
                      value={c.name}
                      error={errors[i]}
                      onChange={(e) => set(i, { name: e.currentTarget.value })}
                      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    />
                    <Select
                      size="xs"
                      aria-label={`Type of column ${i + 1}`}
                      data={TYPE_OPTIONS}
                      value={c.type}
                      allowDeselect={false}
                      onChange={(v) => v && set(i, { type: v as ColumnType })}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, r) => (
              <Table.Tr key={r}>
                {columns.map((_, i) => (
                  <Table.Td key={i}>
                    <Text size="xs" ff="monospace" truncate title={row[i] ?? ''}>
                      {row[i] ?? ''}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {preview.rows.length > shown.length && (
        <Text size="xs" c="dimmed">
          Showing the first {shown.length} rows.
        </Text>
      )}
    </Stack>
  );
}
