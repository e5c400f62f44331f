import { ActionIcon, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCode, IconRefresh, IconX } from '@tabler/icons-react';
import { NODE_WIDTH } from './layout';
import { statusStyle, type NodeState, type Scheme } from './status-style';

export type NodeCardInfo = {
  id: number;
  kind: 'query' | 'view';
  /** The query's name or the view's short name. */
  title: string;
  /** "Query #12" or the view's full name. */
  subtitle: string;
  tier: string;
  state: NodeState;
  executionId?: string;
  error?: string;
};

const SKIPPED_WHY = 'Not run: a node it depends on failed or was cancelled';

/** One pipeline node as a card: what it runs, its tier, its state in the watched run. */
export function NodeCard(props: { info: NodeCardInfo; scheme: Scheme; onRemove?: () => void }) {
  const { info, scheme, onRemove } = props;
  const style = statusStyle(info.state, scheme);
  const KindIcon = info.kind === 'query' ? IconCode : IconRefresh;
  const StatusIcon = style.icon;
  const error =
    info.state === 'failed' || info.state === 'skipped' || info.state === 'cancelled'
      ? (info.error ?? (info.state === 'skipped' ? SKIPPED_WHY : undefined))
      : undefined;
  return (
    <Stack
      gap={6}
      p="xs"
      w={NODE_WIDTH}
      role="group"
      aria-label={`Node ${info.id}: ${info.title}`}
      data-testid="pipeline-node"
      data-status={info.state}
      style={{
        background: style.background,
        border: `2px solid ${style.border}`,
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: 'var(--mantine-shadow-xs)',
      }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" miw={0}>
          <KindIcon size={16} aria-label={info.kind === 'query' ? 'Query' : 'Materialized view'} />
          <Text size="sm" fw={600} truncate="end" title={info.title}>
            {info.title}
          </Text>
        </Group>
        {onRemove && (
          <ActionIcon
            className="nodrag"
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Remove node ${info.id}`}
            onClick={onRemove}
          >
            <IconX size={14} />
          </ActionIcon>
        )}
      </Group>
      <Group gap={4} wrap="nowrap" miw={0}>
        <Text size="xs" c="dimmed" truncate="end" title={info.subtitle}>
          {info.subtitle}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} aria-label={`Tier ${info.tier}`}>
          · {info.tier}
        </Text>
      </Group>
      <Group gap={8} wrap="nowrap">
        <Badge
          style={{ flexShrink: 0 }}
          size="sm"
          color={style.color}
          variant={info.state === 'idle' ? 'outline' : 'filled'}
          leftSection={<StatusIcon size={12} />}
          data-testid="node-status"
        >
          {style.label}
        </Badge>
        {info.executionId && (
          <Anchor
            className="nodrag"
            size="xs"
            href={`/executions/${encodeURIComponent(info.executionId)}`}
            aria-label={`Execution of node ${info.id}`}
          >
            Execution
          </Anchor>
        )}
      </Group>
      {error && (
        <Text
          size="xs"
          c={scheme === 'dark' ? 'red.3' : 'red.8'}
          lineClamp={3}
          title={error}
          data-testid="node-error"
        >
          {error}
        </Text>
      )}
    </Stack>
  );
}
