import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ResolvedQueryOverview } from '../../../contract/queries';
import { AnchorLink } from '../../components/anchor-link';
import { DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { QueryRowMenu } from './query-row-menu';
import { excerpt } from './format';

type Props = {
  queries: ResolvedQueryOverview[];
  ctx: string;
  /** Tags already filtered on (shown filled). */
  activeTags: string[];
  onTag: (tag: string) => void;
};

/** One page of queries: name and description, owner, tags, last update and the row's actions. */
export function QueryTable(props: Props) {
  return (
    <DataTable
      label="Queries"
      minWidth={720}
      flushScrollbar
      highlightOnHover
      rows={props.queries}
      rowKey={(q) => q.id}
      columns={[
        {
          header: 'Name',
          cell: (q) => (
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                <AnchorLink
                  to="/queries/$queryId"
                  params={{ queryId: String(q.id) }}
                  fw={500}
                  size="sm"
                  lineClamp={1}
                >
                  {q.name}
                </AnchorLink>
                {q.is_private && (
                  <Badge size="xs" variant="light" color="grape">
                    Private
                  </Badge>
                )}
                {q.is_archived && (
                  <Badge size="xs" variant="light" color="gray">
                    Archived
                  </Badge>
                )}
              </Group>
              {q.description.trim() && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {excerpt(q.description)}
                </Text>
              )}
            </Stack>
          ),
        },
        { header: 'Owner', w: 160, cell: (q) => <Text size="sm">{q.owner}</Text> },
        {
          header: 'Tags',
          w: 260,
          cell: (q) => (
            <Group gap={4}>
              {q.tags.map((tag) => {
                const active = props.activeTags.includes(tag);
                return (
                  <UnstyledButton
                    key={tag}
                    onClick={() => props.onTag(tag)}
                    aria-label={active ? `Filtered by tag ${tag}` : `Filter by tag ${tag}`}
                    aria-pressed={active}
                  >
                    <Badge
                      size="sm"
                      variant={active ? 'filled' : 'light'}
                      radius="sm"
                      style={{ cursor: 'pointer', textTransform: 'none' }}
                    >
                      {tag}
                    </Badge>
                  </UnstyledButton>
                );
              })}
            </Group>
          ),
        },
        { header: 'Updated', w: 150, cell: (q) => <RelativeTime iso={q.updated_at} /> },
        { w: 48, cell: (q) => <QueryRowMenu query={q} ctx={props.ctx} /> },
      ]}
    />
  );
}
