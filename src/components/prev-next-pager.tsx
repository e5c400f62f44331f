import { Button, Group, Pagination, Text } from '@mantine/core';
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
        <PagerButton
          label={props.previousLabel ?? 'Previous'}
          chevron="left"
          enabled={props.hasPrevious}
          onClick={props.onPrevious}
        />
        <PagerButton
          label={props.nextLabel ?? 'Next'}
          chevron="right"
          enabled={props.hasNext}
          onClick={props.onNext}
        />
      </Group>
    </Group>
  );
}

/** Previous or Next, its chevron on the side it goes to. */
function PagerButton(props: {
  label: string;
  chevron: 'left' | 'right';
  enabled: boolean;
  onClick: () => void;
}) {
  const left = props.chevron === 'left';
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={left ? <IconChevronLeft size={14} /> : undefined}
      rightSection={left ? undefined : <IconChevronRight size={14} />}
      disabled={!props.enabled}
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}

/** "Views 26–50" for a page of `count` items from `offset`; `none` for an empty page. */
export const rangeOf = (noun: string, none: string, offset: number, count: number) =>
  count ? `${noun} ${offset + 1}–${offset + count}` : none;

/**
 * The pager of a list the service pages by offset ("Views 26–50", Previous, Next), shown only
 * when there is more than one page.
 */
export function OffsetPager(props: {
  /** "Views" and "No more views". */
  noun: string;
  none: string;
  offset: number;
  /** Items on this page. */
  count: number;
  pageSize: number;
  /** The service's next offset, undefined on the last page. */
  nextOffset: number | undefined;
  onOffset: (offset: number) => void;
}) {
  const { offset, nextOffset } = props;
  if (offset === 0 && nextOffset === undefined) return null;
  return (
    <PrevNextPager
      label={rangeOf(props.noun, props.none, offset, props.count)}
      hasPrevious={offset > 0}
      hasNext={nextOffset !== undefined}
      onPrevious={() => props.onOffset(Math.max(0, offset - props.pageSize))}
      onNext={() => nextOffset !== undefined && props.onOffset(nextOffset)}
    />
  );
}

/**
 * Under a list paged by number: what is shown (announced as it changes) on the left; on the
 * right the page buttons, when there is more than one page, and `children` (a page-size picker).
 */
export function NumberPager(props: {
  /** "3 dashboards", "26–50 of 57". */
  label: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {props.label}
      </Text>
      <Group gap="sm">
        {props.pages > 1 && (
          <Pagination
            total={props.pages}
            value={Math.min(props.page, props.pages)}
            onChange={props.onPage}
            size="sm"
            aria-label="Pages"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Previous page' }
                : control === 'next'
                  ? { 'aria-label': 'Next page' }
                  : {}
            }
          />
        )}
        {props.children}
      </Group>
    </Group>
  );
}
