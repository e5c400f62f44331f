import { describe, expect, it } from 'vitest';
import {
  MAX_SCROLL_HEIGHT,
  offsetToShowRow,
  pageSizeFor,
  pagesForRange,
  ROW_HEIGHT,
  rowLocation,
  rowShift,
  scrollScale,
  toReal,
  toVirtual,
} from './page-math';

describe('pageSizeFor', () => {
  it('asks 500 rows for ordinary results', () => {
    expect(pageSizeFor(2)).toBe(500);
    expect(pageSizeFor(500)).toBe(500);
  });
  it('stays under the service cell cap for wide results', () => {
    expect(pageSizeFor(1000)).toBe(250);
    expect(pageSizeFor(1000) * 1000).toBeLessThanOrEqual(250_000);
    expect(pageSizeFor(300_000)).toBe(1);
  });
  it('treats no columns as one', () => {
    expect(pageSizeFor(0)).toBe(500);
  });
});

describe('rowLocation', () => {
  it('maps a row to its page and place in it', () => {
    expect(rowLocation(0, 500)).toEqual({ page: 0, index: 0 });
    expect(rowLocation(499, 500)).toEqual({ page: 0, index: 499 });
    expect(rowLocation(500, 500)).toEqual({ page: 1, index: 0 });
    expect(rowLocation(999_999, 500)).toEqual({ page: 1999, index: 499 });
  });
});

describe('pagesForRange', () => {
  it('needs the one page a range inside it covers', () => {
    expect(pagesForRange(10, 40, 500, 1_000_000)).toEqual([0]);
  });
  it('needs both pages a range straddles', () => {
    expect(pagesForRange(490, 520, 500, 1_000_000)).toEqual([0, 1]);
  });
  it('needs only the last page at the end of a million rows', () => {
    expect(pagesForRange(999_970, 999_999, 500, 1_000_000)).toEqual([1999]);
  });
  it('clamps to the row count', () => {
    expect(pagesForRange(0, 5000, 500, 700)).toEqual([0, 1]);
    expect(pagesForRange(-20, 3, 500, 10)).toEqual([0]);
  });
  it('needs nothing for an empty result or an empty range', () => {
    expect(pagesForRange(0, 30, 500, 0)).toEqual([]);
    expect(pagesForRange(0, -1, 500, 100)).toEqual([]);
    expect(pagesForRange(50, 20, 500, 100)).toEqual([]);
  });
});

describe('scrollScale', () => {
  it('does not scale results that fit', () => {
    const s = scrollScale(1000, 400);
    expect(s).toEqual({
      virtualHeight: 1000 * ROW_HEIGHT,
      realHeight: 1000 * ROW_HEIGHT,
      ratio: 1,
    });
    expect(toVirtual(1234, s)).toBe(1234);
    expect(toReal(1234, s)).toBe(1234);
  });

  it('squeezes ten million rows under the cap and still reaches the last row', () => {
    const viewport = 400;
    const s = scrollScale(10_000_000, viewport);
    expect(s.realHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(s.ratio).toBeGreaterThan(1);
    const maxReal = s.realHeight - viewport;
    expect(toVirtual(maxReal, s)).toBeCloseTo(s.virtualHeight - viewport, 3);
    expect(toVirtual(0, s)).toBe(0);
    const lastRowTop = (10_000_000 - 1) * ROW_HEIGHT;
    const target = offsetToShowRow(10_000_000 - 1, 0, viewport);
    expect(target).toBe(lastRowTop + ROW_HEIGHT - viewport);
    expect(toReal(target, s)).toBeCloseTo(maxReal, 3);
  });

  it('round-trips offsets', () => {
    const s = scrollScale(2_000_000, 500);
    expect(toVirtual(toReal(31_337_000, s), s)).toBeCloseTo(31_337_000, 3);
  });
});

describe('offsetToShowRow', () => {
  it('keeps the offset when the row is visible', () => {
    expect(offsetToShowRow(5, 0, 400)).toBe(0);
  });
  it('scrolls up to a row above', () => {
    expect(offsetToShowRow(2, 280, 400)).toBe(2 * ROW_HEIGHT);
  });
  it('scrolls down just enough for a row below', () => {
    expect(offsetToShowRow(20, 0, 400)).toBe(21 * ROW_HEIGHT - 400);
  });
});

describe('rowShift', () => {
  const viewport = 400;

  it('leaves rows in place when nothing is scaled', () => {
    expect(rowShift(1234, scrollScale(1000, viewport), viewport)).toBe(0);
  });

  it('draws the rows a virtual offset chose where its real scrollTop shows them, inside the container', () => {
    const s = scrollScale(1_000_000, viewport);
    const maxVirtual = s.virtualHeight - viewport;
    for (const offset of [
      0,
      1,
      28_000,
      maxVirtual / 3,
      maxVirtual / 2,
      maxVirtual - 1,
      maxVirtual,
    ]) {
      const shift = rowShift(offset, s, viewport);
      // The row at the offset is at the top of the view...
      expect(offset + shift).toBeCloseTo(toReal(offset, s), 3);
      // ...and the last row the view can hold ends inside the container.
      expect(offset + viewport + shift).toBeLessThanOrEqual(s.realHeight + 1e-6);
    }
    // At the end, the last row ends where the container does.
    expect(s.virtualHeight + rowShift(maxVirtual, s, viewport)).toBeCloseTo(s.realHeight, 3);
  });

  it('clamps an offset past the end as the virtualizer does when it picks the rows', () => {
    const s = scrollScale(1_000_000, viewport);
    const maxVirtual = s.virtualHeight - viewport;
    expect(rowShift(s.virtualHeight, s, viewport)).toBe(rowShift(maxVirtual, s, viewport));
    expect(rowShift(-50, s, viewport)).toBe(0);
  });
});
