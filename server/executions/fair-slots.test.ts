import { describe, expect, it } from 'vitest';
import { contextLimit, pickNext } from './fair-slots.js';

const rules = { engineSlots: 4, maxConcurrentExecutions: 3 };
const q = (...contexts: number[]) => contexts.map((contextId) => ({ contextId }));
const running = (entries: [number, number][]) => new Map(entries);

/** Starts what the rules allow, in order; returns the context of each started execution. */
function drain(pending: { contextId: number }[], r = rules) {
  const run = new Map<number, number>();
  const started: number[] = [];
  for (;;) {
    const at = pickNext(pending, run, r);
    if (at === -1) return { started, left: pending.map((p) => p.contextId) };
    const [job] = pending.splice(at, 1);
    started.push(job!.contextId);
    run.set(job!.contextId, (run.get(job!.contextId) ?? 0) + 1);
  }
}

describe('fair engine slots', () => {
  it('caps a context at half the slots, and at MAX_CONCURRENT_EXECUTIONS', () => {
    expect(contextLimit(rules)).toBe(2);
    expect(contextLimit({ engineSlots: 8, maxConcurrentExecutions: 3 })).toBe(3);
    expect(contextLimit({ engineSlots: 1, maxConcurrentExecutions: 3 })).toBe(1);
  });

  it('two busy contexts leave a slot for a third (the issue’s starvation case)', () => {
    // A and B each submit three large runs; one slot stays free while only they wait...
    const pending = q(1, 1, 1, 2, 2, 2);
    const run = new Map<number, number>();
    for (let at = pickNext(pending, run, rules); at !== -1; at = pickNext(pending, run, rules)) {
      const [job] = pending.splice(at, 1);
      run.set(job!.contextId, (run.get(job!.contextId) ?? 0) + 1);
    }
    expect([...run.entries()].sort()).toEqual([
      [1, 2],
      [2, 1],
    ]);
    // ...so C's select 1, coming later, starts at once.
    expect(pickNext([...pending, { contextId: 3 }], run, rules)).toBe(pending.length);
  });

  it('takes waiting contexts in turn', () => {
    const { started, left } = drain(q(1, 1, 1, 2, 2, 2, 3));
    expect(started).toEqual([1, 2, 3]);
    expect(left).toEqual([1, 1, 2, 2]);
  });

  it('a busy context leaves the last free slot to one that runs nothing', () => {
    expect(
      pickNext(
        q(1),
        running([
          [1, 1],
          [2, 2],
        ]),
        rules,
      ),
    ).toBe(-1);
    expect(
      pickNext(
        q(1, 3),
        running([
          [1, 1],
          [2, 2],
        ]),
        rules,
      ),
    ).toBe(1);
  });

  it('gives the next slot to the context running the fewest, oldest first among equals', () => {
    const pending = q(1, 1, 2, 3);
    expect(
      pickNext(
        pending,
        running([
          [1, 1],
          [2, 1],
        ]),
        rules,
      ),
    ).toBe(3);
    expect(
      pickNext(
        q(1, 2),
        running([
          [1, 1],
          [2, 1],
        ]),
        { ...rules, engineSlots: 8 },
      ),
    ).toBe(0);
  });

  it('starts nothing when every slot is taken', () => {
    expect(
      pickNext(
        q(5),
        running([
          [1, 2],
          [2, 2],
        ]),
        rules,
      ),
    ).toBe(-1);
  });

  it('lets a lone context use its whole share', () => {
    expect(drain(q(1, 1, 1, 1)).started).toEqual([1, 1]);
    expect(drain(q(1, 1, 1, 1), { engineSlots: 8, maxConcurrentExecutions: 3 }).started).toEqual([
      1, 1, 1,
    ]);
  });
});
