import { describe, expect, it } from 'vitest';
import { AppError, invalid } from '../errors.js';
import { planWidgets, type StoredWidget, type VisualizationInfo } from './widgets.js';
import { STATUS_OF } from '../http/error-status.js';

const pos = (col: number, row: number, size_x: number, size_y: number) => ({
  col,
  row,
  size_x,
  size_y,
});
const base = {
  uid: null,
  visualization_id: null,
  text: null,
  param_key: null,
  query_id: null,
  visualization_widget_id: null,
  ord: 0,
};
// Visualization 1 and 2 are of query 10 (parameter n), 3 of query 30 (no parameters).
const VIZ: Record<number, VisualizationInfo> = {
  1: { queryId: 10, parameterKeys: ['n'] },
  2: { queryId: 10, parameterKeys: ['n'] },
  3: { queryId: 30, parameterKeys: [] },
};
const opts = {
  columnsPerRow: 2 as const,
  visualization: (id: number, label: string) => {
    const v = VIZ[id];
    if (!v) throw invalid(`${label}: visualization ${id} does not exist`);
    return v;
  },
};
const current: StoredWidget[] = [
  { ...base, id: 1, kind: 'text', text: 'hello', position: pos(0, 0, 12, 2) },
  { ...base, id: 2, kind: 'visualization', visualization_id: 1, position: pos(0, 2, 6, 8) },
  { ...base, id: 3, kind: 'visualization', visualization_id: 3, position: pos(6, 2, 6, 8) },
  {
    ...base,
    id: 4,
    kind: 'param',
    uid: 'p-1',
    param_key: 'n',
    query_id: 10,
    visualization_widget_id: 2,
    position: pos(0, 10, 3, 2),
  },
];

const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return `${STATUS_OF[err.kind]} ${err.message}`;
    throw err;
  }
  throw new Error('no error');
};

describe('planWidgets', () => {
  it('replaces only the kinds given; a kept widget keeps its id and position', () => {
    const plan = planWidgets(
      current,
      { text_widgets: [{ text: 'new' }, { widget_id: 1, text: 'changed' }] },
      opts,
    );
    expect(plan.replace).toEqual(['text']);
    expect(plan.dropParams).toEqual([]);
    expect(plan.rows).toEqual([
      // New, below everything else (rows 0..12 are taken).
      { ...base, id: null, kind: 'text', text: 'new', position: pos(0, 12, 12, 2), ord: 0 },
      { ...base, id: 1, kind: 'text', text: 'changed', position: pos(0, 0, 12, 2), ord: 1 },
    ]);
  });

  it('drops parameter widgets whose visualization widget is gone or shows another query', () => {
    const gone = planWidgets(current, { visualization_widgets: [{ visualization_id: 1 }] }, opts);
    expect(gone.dropParams).toEqual([4]);
    const kept = planWidgets(
      current,
      { visualization_widgets: [{ widget_id: 2, visualization_id: 2 }] },
      opts,
    );
    expect(kept.dropParams).toEqual([]);
    const otherQuery = planWidgets(
      current,
      { visualization_widgets: [{ widget_id: 2, visualization_id: 3 }] },
      opts,
    );
    expect(otherQuery.dropParams).toEqual([4]);
  });

  it('keeps the string id of an unchanged parameter widget', () => {
    const plan = planWidgets(
      current,
      {
        param_widgets: [
          { key: 'n', query_id: 10, visualization_widget_id: 2 },
          { key: 'n', query_id: 10, visualization_widget_id: 2 },
        ],
      },
      opts,
    );
    expect(plan.rows[0]!.uid).toBe('p-1');
    expect(plan.rows[1]!.uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names what is wrong in a parameter widget', () => {
    const param = (p: object) => () =>
      planWidgets(
        current,
        { param_widgets: [{ key: 'n', query_id: 10, visualization_widget_id: 2, ...p }] },
        opts,
      );
    expect(error(param({ visualization_widget_id: 99 }))).toBe(
      '400 param_widgets[0].visualization_widget_id: 99 is not a visualization widget of this dashboard',
    );
    // Widget 1 exists, but it is a text widget.
    expect(error(param({ visualization_widget_id: 1 }))).toBe(
      '400 param_widgets[0].visualization_widget_id: 1 is not a visualization widget of this dashboard',
    );
    expect(error(param({ query_id: 30 }))).toBe(
      '400 param_widgets[0].query_id: visualization widget 2 shows a visualization of query 10, not of query 30',
    );
    expect(error(param({ key: 'm' }))).toBe(
      '400 param_widgets[0].key: query 10 has no parameter "m"',
    );
  });

  it('refuses unknown or repeated widget ids and unknown visualizations', () => {
    expect(
      error(() => planWidgets(current, { text_widgets: [{ widget_id: 2, text: 'x' }] }, opts)),
    ).toBe('400 text_widgets[0].widget_id: 2 is not a text widget of this dashboard');
    expect(
      error(() =>
        planWidgets(
          current,
          {
            visualization_widgets: [
              { widget_id: 2, visualization_id: 1 },
              { widget_id: 2, visualization_id: 1 },
            ],
          },
          opts,
        ),
      ),
    ).toBe('400 visualization_widgets[1].widget_id: 2 is given twice');
    expect(
      error(() => planWidgets(current, { visualization_widgets: [{ visualization_id: 7 }] }, opts)),
    ).toBe('400 visualization_widgets[0].visualization_id: visualization 7 does not exist');
  });

  it('refuses an automatic layout past the last row', () => {
    const low = [
      { ...base, id: 1, kind: 'text' as const, text: 'x', position: pos(0, 10_000, 12, 5) },
    ];
    expect(
      error(() => planWidgets(low, { visualization_widgets: [{ visualization_id: 1 }] }, opts)),
    ).toMatch(/^400 no room for more widgets/);
  });
});
