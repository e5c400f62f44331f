import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { Card } from './card-svg.js';
import { DEFAULT_RENDER_LIMITS, RenderPool } from './render-pool.js';

const card: Card = {
  title: 'Volume',
  subtitle: 'Query by @a',
  tiles: [
    {
      name: null,
      data: {
        kind: 'chart',
        options: { globalSeriesType: 'line', columnMapping: { x: 'x', y: 'y' } },
        rows: {
          columns: ['x', 'y'],
          types: ['bigint', 'double'],
          rows: [1, 2, 3].map((x) => ({ x, y: x * x })),
        },
      },
    },
  ],
};

const pools: RenderPool[] = [];
const poolOf = (limits: Partial<typeof DEFAULT_RENDER_LIMITS> = {}) => {
  const pool = new RenderPool({ ...DEFAULT_RENDER_LIMITS, ...limits });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

const size = (png: Uint8Array) => {
  const b = Buffer.from(png);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

describe('RenderPool', () => {
  it('renders a card to a 1200×630 PNG on its thread', { timeout: 60_000 }, async () => {
    const pool = poolOf();
    const [a, b] = await Promise.all([pool.render(card), pool.render(card)]);
    expect(size(a)).toEqual([1200, 630]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it(
    'ends a render past its time limit as unavailable, and starts afresh after',
    { timeout: 60_000 },
    async () => {
      // The thread's start alone takes longer than 1 ms.
      const pool = poolOf({ timeoutMs: 1 });
      const err = await pool.render(card).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).kind).toBe('unavailable');
      expect((err as AppError).message).toContain('longer than 1 ms');
    },
  );

  it('refuses a render past its queue at once', async () => {
    const pool = poolOf({ maxQueue: 1 });
    const first = expect(pool.render(card)).rejects.toThrow('closed');
    const err = await pool.render(card).catch((e: unknown) => e);
    expect((err as AppError).kind).toBe('unavailable');
    expect((err as AppError).message).toContain('too many previews');
    await pool.close();
    await first;
  });
});
