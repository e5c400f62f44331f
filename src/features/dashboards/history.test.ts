import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  HISTORY_LIMIT,
  historyReducer,
  initHistory,
  type History,
} from './history';

const run = (h: History<number>, ...actions: Parameters<typeof historyReducer<number>>[1][]) =>
  actions.reduce((s, a) => historyReducer(s, a), h);

describe('historyReducer', () => {
  it('undoes and redoes pushed values in order', () => {
    let h = run(initHistory(0), { type: 'push', next: 1 }, { type: 'push', next: 2 });
    expect(h.present).toBe(2);
    h = run(h, { type: 'undo' });
    expect(h.present).toBe(1);
    h = run(h, { type: 'undo' });
    expect(h.present).toBe(0);
    expect(canUndo(h)).toBe(false);
    h = run(h, { type: 'redo' }, { type: 'redo' });
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(false);
  });

  it('a push after an undo drops the redo branch', () => {
    const h = run(
      initHistory(0),
      { type: 'push', next: 1 },
      { type: 'push', next: 2 },
      { type: 'undo' },
      { type: 'push', next: 3 },
    );
    expect(h).toEqual({ past: [0, 1], present: 3, future: [] });
  });

  it('undo and redo at the ends change nothing', () => {
    const h = initHistory(5);
    expect(run(h, { type: 'undo' })).toBe(h);
    expect(run(h, { type: 'redo' })).toBe(h);
  });

  it('pushing the same value is not a step', () => {
    const h = run(initHistory(1), { type: 'push', next: 1 });
    expect(canUndo(h)).toBe(false);
  });

  it('reset forgets the past and the future', () => {
    const h = run(
      initHistory(0),
      { type: 'push', next: 1 },
      { type: 'undo' },
      { type: 'reset', present: 9 },
    );
    expect(h).toEqual({ past: [], present: 9, future: [] });
  });

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    let h = initHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = historyReducer(h, { type: 'push', next: i });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});
