import { describe, expect, it } from 'vitest';
import { categoryLabelLayout, labelPx } from './category-labels';

describe('labelPx', () => {
  it('counts capitals and digits wider than narrow letters', () => {
    expect(labelPx('WETH')).toBe(32);
    expect(labelPx('ill')).toBe(12);
    expect(labelPx('abc')).toBe(20);
    expect(labelPx('')).toBe(0);
  });
});

const pairs = [
  'WETH-USDC',
  'WBTC-WETH',
  'WETH-USDT',
  'DAI-USDC',
  'WETH-DAI',
  'LINK-WETH',
  'UNI-WETH',
  'USDC-USDT',
  'WETH-PEPE',
  'MATIC-WETH',
  'ARB-WETH',
];

describe('categoryLabelLayout', () => {
  it('shows every label straight when they fit side by side', () => {
    const l = categoryLabelLayout(['mon', 'tue', 'wed'], { width: 600, height: 300 }, false);
    expect(l).toMatchObject({ interval: 0, rotate: 0, hideOverlap: false });
    expect(l.width).toBeGreaterThanOrEqual(labelPx('mon'));
  });

  it('rotates all eleven labels of a half-width dashboard card instead of dropping some', () => {
    const l = categoryLabelLayout(pairs, { width: 560, height: 330 }, false);
    expect(l.interval).toBe(0);
    expect(l.rotate).toBe(45);
    expect(l.hideOverlap).toBe(false);
    expect(l.width).toBe(120);
    expect(labelPx('MATIC-WETH')).toBeLessThan(120);
  });

  it('turns labels upright in narrow slots, truncating long ones', () => {
    const long = Array.from({ length: 24 }, (_, i) => `a rather long category name ${i}`);
    const l = categoryLabelLayout(long, { width: 520, height: 300 }, false);
    expect(l).toMatchObject({ interval: 0, rotate: 90, overflow: 'truncate' });
    expect(l.width).toBe(120);
  });

  it('lets ECharts leave labels out only when even upright ones would overlap', () => {
    const many = Array.from({ length: 200 }, (_, i) => `c${i}`);
    const l = categoryLabelLayout(many, { width: 600, height: 300 }, false);
    expect(l).toMatchObject({ interval: 'auto', hideOverlap: true });
  });

  it('stacks every label of horizontal bars when a line fits each, cut to a share of the width', () => {
    const l = categoryLabelLayout(pairs, { width: 400, height: 330 }, true);
    expect(l).toMatchObject({ interval: 0, rotate: 0, hideOverlap: false, width: 120 });
    const crowded = categoryLabelLayout(
      Array.from({ length: 100 }, (_, i) => `c${i}`),
      { width: 400, height: 330 },
      true,
    );
    expect(crowded).toMatchObject({ interval: 'auto', hideOverlap: true });
  });
});
