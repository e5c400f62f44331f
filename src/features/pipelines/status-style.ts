import {
  IconBan,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClock,
  IconLoader2,
  IconPlayerSkipForward,
  type Icon,
} from '@tabler/icons-react';
import type { NodeStatus, PipelineStatus } from '../../../contract/pipelines';

/** A node's state on the canvas: a node status of the watched run, or `idle` (not run). */
export type NodeState = NodeStatus | 'idle';
export type Scheme = 'light' | 'dark';

export type StatusStyle = {
  label: string;
  /** Mantine color of the badge. */
  color: string;
  icon: Icon;
  /** Card colors for the scheme (CSS values). */
  background: string;
  border: string;
};

const META: Record<NodeState, { label: string; color: string; icon: Icon }> = {
  idle: { label: 'Not run', color: 'gray', icon: IconCircleDashed },
  pending: { label: 'Pending', color: 'gray', icon: IconClock },
  executing: { label: 'Executing', color: 'blue', icon: IconLoader2 },
  completed: { label: 'Completed', color: 'teal', icon: IconCircleCheck },
  failed: { label: 'Failed', color: 'red', icon: IconCircleX },
  cancelled: { label: 'Cancelled', color: 'orange', icon: IconBan },
  skipped: { label: 'Skipped', color: 'yellow', icon: IconPlayerSkipForward },
};

const v = (color: string, shade: number) => `var(--mantine-color-${color}-${shade})`;

/**
 * How a node in a state looks. Light: a pale tint with a mid border. Dark: the card stays dark
 * (a deep shade of the color over the body) with a bright border, so text keeps its contrast.
 */
export function statusStyle(state: NodeState, scheme: Scheme): StatusStyle {
  const { label, color, icon } = META[state];
  const neutral = state === 'idle' || state === 'pending';
  if (scheme === 'light')
    return {
      label,
      color,
      icon,
      background: neutral ? 'var(--mantine-color-white)' : v(color, 0),
      border: neutral ? v('gray', 4) : v(color, 6),
    };
  return {
    label,
    color,
    icon,
    background: neutral
      ? v('dark', 6)
      : `color-mix(in srgb, ${v(color, 9)} 22%, var(--mantine-color-dark-6))`,
    border: neutral ? v('dark', 3) : v(color, 5),
  };
}

export const PIPELINE_LABEL: Record<PipelineStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  executing: { label: 'Executing', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'orange' },
};

const TERMINAL = new Set<string>(['completed', 'failed', 'cancelled', 'skipped']);

/** Whether a pipeline or node status is final (polling stops). */
export const isTerminal = (status: string): boolean => TERMINAL.has(status);
