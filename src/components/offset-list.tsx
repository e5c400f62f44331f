import type { ReactNode } from 'react';
import { ListPanel, ListStates, type ListQuery } from './list-states';
import { OffsetPager } from './prev-next-pager';

/**
 * What a list page's texts call its items: `list` in "Loading materialized views" and "Could
 * not list the materialized views", `page` (default `list`) in the pager's "Views 1–25" and
 * "No more views".
 */
export type ListNames = { list: string; page?: string };

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The four texts of a list page, from its names. */
export function listTexts(names: ListNames) {
  const page = names.page ?? names.list;
  return {
    errorTitle: `Could not list the ${names.list}`,
    loadingLabel: `Loading ${names.list}`,
    noun: capitalized(page),
    none: `No more ${page}`,
  };
}

/**
 * A list page the service pages by offset: ListStates (a few table rows of skeleton; `empty`
 * only when the first page is empty), then the page's items in a panel with the pager below.
 */
export function OffsetList<Data, Item>(props: {
  query: ListQuery<Data>;
  /** A page's items and the service's next offset (undefined on the last page). */
  page: (data: Data) => { items: Item[]; next: number | undefined };
  /** The page shown and its size. */
  paging: { offset: number; pageSize: number };
  names: ListNames;
  onOffset: (offset: number) => void;
  /** What an empty first page shows (ListEmpty). */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const { offset, pageSize } = props.paging;
  const { errorTitle, loadingLabel, noun, none } = listTexts(props.names);
  return (
    <ListStates
      query={props.query}
      errorTitle={errorTitle}
      loadingLabel={loadingLabel}
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
