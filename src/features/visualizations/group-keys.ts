import { useChartRows, type ResultHead, type VizSource } from '../../components/viz/use-viz-data';
import { groupSeriesKeys } from '../../../shared/viz/chart-data';
import type { Obj } from '../../../shared/viz/read';
import { mapped } from './editor-model';

const NONE: VizSource = { key: ['viz', 'no-source'], path: '/', ctx: null };

/**
 * The series keys a chart's group-by column makes over the result (its distinct values, or
 * "value · column" with several y columns), so each can get its own name and color. Reads only
 * the group-by column; empty without a group-by.
 */
export function useGroupKeys(
  source: VizSource | null,
  head: ResultHead | null,
  options: Obj,
): string[] {
  const group = mapped(options, 'series')[0] ?? null;
  const ys = mapped(options, 'y');
  // Without a source there is no head either, so nothing is fetched.
  const rows = useChartRows(source ?? NONE, source ? head : null, group ? [group] : []);
  if (!group || !rows.data) return [];
  return groupSeriesKeys(
    rows.data.rows.map((r) => r[group]),
    ys,
  );
}
