import '@mantine/core/styles/Code.css';
import { Badge, Code, Group, Table, Text, Title } from '@mantine/core';
import type { Dataset } from '../../../contract/datasets';

/** The dataset's columns: name, type, nullability and description. */
export function DatasetColumns({ columns }: { columns: Dataset['columns'] }) {
  return (
    <>
      <Title order={4} px="md" pt="sm" pb={4}>
        Columns{' '}
        <Text span c="dimmed" size="sm">
          ({columns.length})
        </Text>
      </Title>
      <div style={{ overflowX: 'auto' }}>
        <Table aria-label="Columns" verticalSpacing={6} striped highlightOnHover miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Nullable</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((c) => (
              <Table.Tr key={c.name}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" ff="monospace" fw={500}>
                      {c.name}
                    </Text>
                    {c.metadata.filtering_column && (
                      <Badge size="xs" variant="light" color="teal" title="A good filter column">
                        filter
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Code>{c.type}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={c.nullable ? undefined : 'dimmed'}>
                    {c.nullable ? 'yes' : 'no'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={c.metadata.description ? undefined : 'dimmed'}>
                    {c.metadata.description || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </>
  );
}
