import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Previous and Next under a list the service pages by offset, with what is shown beside. */
export function PrevNextPager(props: {
  /** "Views 26–50", "Page 2 of 3". */
  label?: ReactNode;
  /** The buttons' words where the order is by time: "Newer", "Older". */
  previousLabel?: string;
  nextLabel?: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Label on the left, buttons on the right (default), or both on the right. */
  justify?: 'space-between' | 'flex-end';
}) {
  return (
    <Group justify={props.justify ?? 'space-between'} gap="xs">
      {props.label !== undefined && (
        <Text size="sm" c="dimmed">
          {props.label}
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!props.hasPrevious}
          onClick={props.onPrevious}
        >
          {props.previousLabel ?? 'Previous'}
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={!props.hasNext}
          onClick={props.onNext}
        >
          {props.nextLabel ?? 'Next'}
        </Button>
      </Group>
    </Group>
  );
}

/** "Views 26–50" for a page of `count` items from `offset`; `none` for an empty page. */
export const rangeOf = (noun: string, none: string, offset: number, count: number) =>
  count ? `${noun} ${offset + 1}–${offset + count}` : none;
