import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contract/dashboards';
import type { Draft } from './draft';
import {
  clampPosition,
  normalizeLayout,
  toGridItem,
  toPosition,
} from '../../../shared/dashboards/grid-layout';
import {
  draftFromDashboard,
  patchWidgets,
  placeNew,
  resolveNewWidgetIds,
  sameLayout,
} from './grid-mapping';

const pos = (col: number, row: number, size_x: number, size_y: number) => ({
  col,
  row,
  size_x,
  size_y,
});

const dashboard = (
  widgets: Partial<
    Pick<DashboardResponse, 'text_widgets' | 'visualization_widgets' | 'param_widgets'>
  >,
) => ({ text_widgets: [], visualization_widgets: [], param_widgets: [], ...widgets });

describe('position ↔ grid item', () => {
  it('round-trips every in-range position exactly', () => {
    for (const p of [pos(0, 0, 12, 1), pos(3, 7, 6, 8), pos(11, 200, 1, 200), pos(6, 0, 6, 3)])
      expect(toPosition(toGridItem('x', p))).toEqual(p);
  });

  it('maps col,row,size_x,size_y to x,y,w,h', () => {
    expect(toGridItem('v:1', pos(2, 5, 4, 8))).toEqual({ i: 'v:1', x: 2, y: 5, w: 4, h: 8 });
  });

  it('clamps out-of-range positions into the 12-column grid', () => {
    expect(clampPosition(pos(10, 0, 6, 4))).toEqual(pos(6, 0, 6, 4));
    expect(clampPosition(pos(-3, -1, 0, 0))).toEqual(pos(0, 0, 1, 1));
    expect(clampPosition(pos(0, 0, 40, 999))).toEqual(pos(0, 0, 12, 200));
    expect(clampPosition(pos(2.7, 1.2, 3.9, 2.5))).toEqual(pos(2, 1, 3, 2));
    expect(clampPosition(pos(Number.NaN, Infinity, Number.NaN, -Infinity))).toEqual(
      pos(0, 0, 12, 1),
    );
  });
});

describe('normalizeLayout', () => {
  it('keeps a compact layout as it is', () => {
    const layout = [
      { i: 'v:1', x: 0, y: 0, w: 6, h: 8 },
      { i: 'v:2', x: 6, y: 0, w: 6, h: 8 },
      { i: 't:3', x: 0, y: 8, w: 12, h: 3 },
    ];
    expect(normalizeLayout(layout)).toEqual(layout);
  });

  it('moves overlapping widgets down, the same way whatever the input order', () => {
    const a = { i: 'v:1', x: 0, y: 0, w: 6, h: 4 };
    const b = { i: 'v:2', x: 3, y: 2, w: 6, h: 4 };
    const c = { i: 't:1', x: 0, y: 0, w: 6, h: 4 };
    const one = normalizeLayout([a, b, c]);
    const two = normalizeLayout([c, b, a]);
    expect(one).toEqual(two);
    // Nothing overlaps any more.
    for (const p of one)
      for (const q of one)
        if (p !== q)
          expect(p.x + p.w <= q.x || q.x + q.w <= p.x || p.y + p.h <= q.y || q.y + q.h <= p.y).toBe(
            true,
          );
    // Same spot: the lower id keeps it (t:1 < v:1), the other goes below.
    expect(one.find((l) => l.i === 't:1')).toMatchObject({ x: 0, y: 0 });
    expect(one.find((l) => l.i === 'v:1')).toMatchObject({ x: 0, y: 4 });
  });

  it('pulls widgets up into empty rows (vertical compaction)', () => {
    expect(normalizeLayout([{ i: 'v:1', x: 2, y: 30, w: 4, h: 2 }])).toEqual([
      { i: 'v:1', x: 2, y: 0, w: 4, h: 2 },
    ]);
  });

  it('clamps items that stick out of the grid', () => {
    expect(normalizeLayout([{ i: 'v:1', x: 9, y: 0, w: 8, h: 2 }])).toEqual([
      { i: 'v:1', x: 4, y: 0, w: 8, h: 2 },
    ]);
  });

  it('sameLayout compares placements, not order', () => {
    const a = [
      { i: 'a', x: 0, y: 0, w: 1, h: 1 },
      { i: 'b', x: 1, y: 0, w: 1, h: 1 },
    ];
    expect(sameLayout(a, [...a].reverse())).toBe(true);
    expect(sameLayout(a, [a[0]!, { ...a[1]!, x: 2 }])).toBe(false);
    expect(sameLayout(a, [a[0]!])).toBe(false);
  });
});

describe('draft ↔ PATCH body', () => {
  const saved = dashboard({
    visualization_widgets: [
      { widget_id: 1, visualization_id: 10, position: pos(0, 0, 6, 8) },
      { widget_id: 2, visualization_id: 11, position: pos(6, 0, 6, 8) },
    ],
    text_widgets: [{ widget_id: 3, text: '# Hi', position: pos(0, 8, 9, 3) }],
    param_widgets: [
      {
        widget_id: 'b5f0c3c2-6a57-4b7e-9c47-7d2f2d5b8f11',
        key: 'chain',
        query_id: 7,
        visualization_widget_id: 2,
        position: pos(9, 8, 3, 2),
      },
    ],
  });

  it('round-trips a saved dashboard: same widgets, ids and positions', () => {
    const body = patchWidgets(draftFromDashboard(saved));
    expect(body.pending).toEqual([]);
    expect(body.visualization_widgets).toEqual([
      { widget_id: 1, visualization_id: 10, position: pos(0, 0, 6, 8) },
      { widget_id: 2, visualization_id: 11, position: pos(6, 0, 6, 8) },
    ]);
    expect(body.text_widgets).toEqual([{ widget_id: 3, text: '# Hi', position: pos(0, 8, 9, 3) }]);
    expect(body.param_widgets).toEqual([
      { key: 'chain', query_id: 7, visualization_widget_id: 2, position: pos(9, 8, 3, 2) },
    ]);
  });

  it('uses item ids that name the kind and the widget', () => {
    expect(draftFromDashboard(saved).layout.map((l) => l.i)).toEqual([
      'v:1',
      'v:2',
      't:3',
      'p:b5f0c3c2-6a57-4b7e-9c47-7d2f2d5b8f11',
    ]);
  });

  it('sends new widgets without widget_id and at their grid positions', () => {
    const draft = draftFromDashboard(saved);
    const added = placeNew(draft.layout, 'new:1', 6, 3);
    expect(added).toEqual({ i: 'new:1', x: 0, y: 11, w: 6, h: 3 });
    const next: Draft = {
      widgets: [...draft.widgets, { kind: 'text', id: 'new:1', widgetId: null, text: 'new' }],
      layout: [...draft.layout, added],
    };
    expect(patchWidgets(next).text_widgets[1]).toEqual({ text: 'new', position: pos(0, 11, 6, 3) });
  });

  it('places a new widget in the first free spot, else below everything', () => {
    const layout = [
      { i: 'a', x: 0, y: 0, w: 6, h: 8 },
      { i: 'b', x: 6, y: 0, w: 3, h: 2 },
    ];
    expect(placeNew(layout, 'n', 3, 4)).toEqual({ i: 'n', x: 9, y: 0, w: 3, h: 4 });
    expect(placeNew(layout, 'n', 6, 4)).toEqual({ i: 'n', x: 6, y: 2, w: 6, h: 4 });
    expect(placeNew(layout, 'n', 12, 2)).toEqual({ i: 'n', x: 0, y: 8, w: 12, h: 2 });
    expect(placeNew([], 'n', 40, 2)).toEqual({ i: 'n', x: 0, y: 0, w: 12, h: 2 });
  });

  it('holds back a param widget of a new visualization widget until its id is known', () => {
    const draft: Draft = {
      widgets: [
        { kind: 'viz', id: 'new:1', widgetId: null, visualizationId: 10 },
        { kind: 'viz', id: 'new:2', widgetId: null, visualizationId: 10 },
        { kind: 'param', id: 'new:3', key: 'n', queryId: 7, target: 'new:2' },
      ],
      layout: [
        { i: 'new:1', x: 0, y: 0, w: 6, h: 8 },
        { i: 'new:2', x: 6, y: 0, w: 6, h: 8 },
        { i: 'new:3', x: 0, y: 8, w: 3, h: 2 },
      ],
    };
    const first = patchWidgets(draft);
    expect(first.pending).toEqual(['new:3']);
    expect(first.param_widgets).toEqual([]);
    const ids = resolveNewWidgetIds(draft, {
      visualization_widgets: [
        { widget_id: 41, visualization_id: 10, position: pos(6, 0, 6, 8) },
        { widget_id: 40, visualization_id: 10, position: pos(0, 0, 6, 8) },
      ],
    });
    expect([...ids]).toEqual([
      ['new:1', 40],
      ['new:2', 41],
    ]);
    const second = patchWidgets(draft, ids);
    expect(second.pending).toEqual([]);
    expect(second.param_widgets).toEqual([
      { key: 'n', query_id: 7, visualization_widget_id: 41, position: pos(0, 8, 3, 2) },
    ]);
  });

  it('resolves overlapping saved positions into what the grid shows, and saves that', () => {
    const overlapping = dashboard({
      visualization_widgets: [
        { widget_id: 1, visualization_id: 10, position: pos(0, 0, 6, 8) },
        { widget_id: 2, visualization_id: 11, position: pos(2, 4, 6, 8) },
      ],
    });
    const body = patchWidgets(draftFromDashboard(overlapping));
    expect(body.visualization_widgets.map((w) => w.position)).toEqual([
      pos(0, 0, 6, 8),
      pos(2, 8, 6, 8),
    ]);
  });
});
