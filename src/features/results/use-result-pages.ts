import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { resultPageOptions, type ResultQuery, type ResultRow } from '../../lib/resources/results';
import { pagesForRange, rowLocation } from './page-math';

/**
 * Rows of a result view on demand: the pages the visible rows `first..last` need are fetched
 * once the window has rested briefly (a fast drag across a million rows does not request every
 * page it passes), and pages already in the cache are shown at once.
 */
export function useResultPages(opts: {
  ctx: string;
  executionId: string;
  params: ResultQuery;
  pageSize: number;
  count: number;
  first: number;
  last: number;
}) {
  const { ctx, executionId, params, pageSize, count } = opts;
  const qc = useQueryClient();
  const visible = pagesForRange(opts.first, opts.last, pageSize, count);
  const [wantedKey] = useDebouncedValue(visible.join(','), 120);
  const wanted = wantedKey ? wantedKey.split(',').map(Number) : [];
  const results = useQueries({
    queries: wanted.map((p) => resultPageOptions(ctx, executionId, params, pageSize, p)),
  });

  const pages = new Map<number, ResultRow[]>();
  let error: Error | null = null;
  wanted.forEach((p, i) => {
    const r = results[i];
    if (r?.data?.result) pages.set(p, r.data.result.rows);
    if (r?.error && !error) error = r.error;
  });
  for (const p of visible) {
    if (pages.has(p)) continue;
    const cached = qc.getQueryData(
      resultPageOptions(ctx, executionId, params, pageSize, p).queryKey,
    );
    if (cached?.result) pages.set(p, cached.result.rows);
  }

  /** The row at `index` of the view, or undefined while its page is not loaded. */
  const rowAt = (index: number): ResultRow | undefined => {
    const { page, index: i } = rowLocation(index, pageSize);
    return pages.get(page)?.[i];
  };
  return { rowAt, error: error as Error | null };
}
