import { describe, expect, it } from 'vitest';
import type { Draft } from './draft';
import { addWidget, addWidgets, isDirty, nextNewId, removeWidget, setText } from './editor-state';

const base: Draft = {
  widgets: [
    { kind: 'viz', id: 'v:1', widgetId: 1, visualizationId: 10 },
    { kind: 'param', id: 'p:u', key: 'n', queryId: 7, target: 'v:1' },
    { kind: 'text', id: 't:2', widgetId: 2, text: 'hi' },
  ],
  layout: [
    { i: 'v:1', x: 0, y: 0, w: 6, h: 8 },
    { i: 'p:u', x: 6, y: 0, w: 3, h: 2 },
    { i: 't:2', x: 0, y: 8, w: 6, h: 3 },
  ],
};

describe('editor state', () => {
  it('numbers new widgets new:1, new:2, ...', () => {
    expect(nextNewId(base)).toBe('new:1');
    const one = addWidget(base, { kind: 'text', text: 'x' });
    expect(nextNewId(one)).toBe('new:2');
  });

  it('adds a widget in the first free spot at its default size', () => {
    const next = addWidget(base, { kind: 'viz', visualizationId: 11 });
    expect(next.widgets.at(-1)).toEqual({
      kind: 'viz',
      id: 'new:1',
      widgetId: null,
      visualizationId: 11,
    });
    expect(next.layout.find((l) => l.i === 'new:1')).toEqual({
      i: 'new:1',
      x: 6,
      y: 2,
      w: 6,
      h: 8,
    });
    expect(isDirty(base, next)).toBe(true);
  });

  it('removing a visualization widget removes the parameter widgets that drive it', () => {
    const next = removeWidget(base, 'v:1');
    expect(next.widgets.map((w) => w.id)).toEqual(['t:2']);
    // The text widget moves up into the freed rows.
    expect(next.layout).toEqual([{ i: 't:2', x: 0, y: 0, w: 6, h: 3 }]);
  });

  it('edits a text widget; the same text again is not a change', () => {
    expect(setText(base, 't:2', 'bye').widgets[2]).toMatchObject({ text: 'bye' });
    expect(isDirty(base, setText(base, 't:2', 'hi'))).toBe(false);
  });

  it('adds several visualizations in one step, side by side where they fit', () => {
    const empty: Draft = { widgets: [], layout: [] };
    const next = addWidgets(empty, [
      { kind: 'viz', visualizationId: 1 },
      { kind: 'viz', visualizationId: 2 },
      { kind: 'viz', visualizationId: 3 },
    ]);
    expect(next.widgets.map((w) => w.id)).toEqual(['new:1', 'new:2', 'new:3']);
    expect(next.layout).toEqual([
      { i: 'new:1', x: 0, y: 0, w: 6, h: 8 },
      { i: 'new:2', x: 6, y: 0, w: 6, h: 8 },
      { i: 'new:3', x: 0, y: 8, w: 6, h: 8 },
    ]);
    expect(addWidgets(empty, [])).toEqual(empty);
  });
});
