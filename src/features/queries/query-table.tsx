import {
  Anchor,
  Badge,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ResolvedQueryOverview } from '../../../contract/queries';
import { QueryRowMenu } from './query-row-menu';
import { excerpt } from './format';
import { RelativeTime } from '../../components/relative-time';

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
    <Table.ScrollContainer minWidth={720} scrollAreaProps={{ offsetScrollbars: false }}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Queries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={160}>Owner</Table.Th>
            <Table.Th w={260}>Tags</Table.Th>
            <Table.Th w={150}>Updated</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.queries.map((q) => (
            <Table.Tr key={q.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Group gap={6} wrap="nowrap">
                    <Anchor
                      renderRoot={(rootProps) => (
                        <Link
                          to="/queries/$queryId"
                          params={{ queryId: String(q.id) }}
                          {...rootProps}
                        />
                      )}
                      fw={500}
                      size="sm"
                      lineClamp={1}
                    >
                      {q.name}
                    </Anchor>
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
              </Table.Td>
              <Table.Td>
                <Text size="sm">{q.owner}</Text>
              </Table.Td>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>
                <RelativeTime iso={q.updated_at} />
              </Table.Td>
              <Table.Td>
                <QueryRowMenu query={q} ctx={props.ctx} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
