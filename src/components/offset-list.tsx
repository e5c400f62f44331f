import type { ReactNode } from 'react';
import { ListPanel, ListStates, type ListQuery } from './list-states';
import { OffsetPager } from './prev-next-pager';

/**
 * A list page the service pages by offset: ListStates (a few table rows of skeleton; `empty`
 * only when the first page is empty), then the page's items in a panel with the pager below.
 */
export function OffsetList<Data, Item>(props: {
  query: ListQuery<Data>;
  /** A page's items and the service's next offset (undefined on the last page). */
  page: (data: Data) => { items: Item[]; next: number | undefined };
  /** The page shown, its size, and "Views" and "No more views" for the pager. */
  paging: { offset: number; pageSize: number; noun: string; none: string };
  onOffset: (offset: number) => void;
  errorTitle: string;
  loadingLabel: string;
  /** What an empty first page shows (ListEmpty). */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const { offset, pageSize, noun, none } = props.paging;
  return (
    <ListStates
      query={props.query}
      errorTitle={props.errorTitle}
      loadingLabel={props.loadingLabel}
      rows={4}
      rowHeight={40}
      empty={(data) => props.page(data).items.length === 0 && offset === 0 && props.empty}
    >
      {(data, stale) => {
        const { items, next } = props.page(data);
        return (
          <ListPanel
            stale={stale}
            pager={
              <OffsetPager
                noun={noun}
                none={none}
                offset={offset}
                count={items.length}
                pageSize={pageSize}
                nextOffset={next}
                onOffset={props.onOffset}
              />
            }
          >
            {props.children(items)}
          </ListPanel>
        );
      }}
    </ListStates>
  );
}
