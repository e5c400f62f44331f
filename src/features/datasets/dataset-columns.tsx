import '@mantine/core/styles/Code.css';
import { Badge, Code, Group, Text, Title } from '@mantine/core';
import { DataTable } from '../../components/data-table';
import { MarkdownText } from '../../components/markdown-text';
import type { Dataset } from '../../../contract/datasets';

/** The dataset's columns: name, type, nullability and description (Markdown). */
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
        <DataTable
          label="Columns"
          verticalSpacing={6}
          striped
          highlightOnHover
          miw={560}
          rows={columns}
          rowKey={(c) => c.name}
          columns={[
            {
              header: 'Name',
              cell: (c) => (
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
              ),
            },
            { header: 'Type', cell: (c) => <Code>{c.type}</Code> },
            {
              header: 'Nullable',
              cell: (c) => (
                <Text size="sm" c={c.nullable ? undefined : 'dimmed'}>
                  {c.nullable ? 'yes' : 'no'}
                </Text>
              ),
            },
            {
              header: 'Description',
              cell: (c) =>
                c.metadata.description ? (
                  <MarkdownText text={c.metadata.description} />
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ),
            },
          ]}
        />
      </div>
    </>
  );
}
