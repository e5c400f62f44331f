import { describe, expect, it } from 'vitest';
import type { GridItem } from '../../../shared/dashboards/grid-layout';
import { nudge } from './keyboard';

const at = (layout: GridItem[] | null, id: string) => layout?.find((l) => l.i === id);

describe('nudge', () => {
  const a = { i: 'a', x: 0, y: 0, w: 6, h: 2 };
  const b = { i: 'b', x: 0, y: 2, w: 6, h: 3 };
  const c = { i: 'c', x: 6, y: 0, w: 6, h: 2 };

  it('moves right and left by one column, within the grid', () => {
    expect(at(nudge([a], 'a', 'ArrowRight', false), 'a')).toMatchObject({ x: 1, y: 0 });
    expect(nudge([a], 'a', 'ArrowLeft', false)).toBeNull();
    expect(nudge([{ ...a, x: 6 }], 'a', 'ArrowRight', false)).toBeNull();
  });

  it('moves down past the widget below, and back up', () => {
    const down = nudge([a, b, c], 'a', 'ArrowDown', false);
    expect(at(down, 'b')).toMatchObject({ y: 0 });
    expect(at(down, 'a')).toMatchObject({ y: 3 });
    const up = nudge(down!, 'a', 'ArrowUp', false);
    expect(at(up, 'a')).toMatchObject({ y: 0 });
    expect(at(up, 'b')).toMatchObject({ y: 2 });
  });

  it('does nothing where compaction would put the widget back', () => {
    expect(nudge([a], 'a', 'ArrowDown', false)).toBeNull();
    expect(nudge([a], 'a', 'ArrowUp', false)).toBeNull();
  });

  it('shift+arrows resize, pushing neighbours down instead of overlapping', () => {
    const wider = nudge([a, b, c], 'a', 'ArrowRight', true);
    expect(at(wider, 'a')).toMatchObject({ x: 0, y: 0, w: 7, h: 2 });
    const cc = at(wider, 'c')!;
    expect(cc.y).toBeGreaterThanOrEqual(2);
    const taller = nudge([a, b, c], 'a', 'ArrowDown', true);
    expect(at(taller, 'a')).toMatchObject({ h: 3 });
    expect(at(taller, 'b')).toMatchObject({ y: 3 });
    expect(nudge([{ ...a, w: 1 }], 'a', 'ArrowLeft', true)).toBeNull();
    expect(nudge([{ ...a, h: 1 }], 'a', 'ArrowUp', true)).toBeNull();
  });

  it('ignores unknown items', () => {
    expect(nudge([a], 'zzz', 'ArrowRight', false)).toBeNull();
  });
});
