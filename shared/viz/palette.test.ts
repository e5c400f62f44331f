import { describe, expect, it } from 'vitest';
import { chartPalette, contrastRatio } from './palette';

/** Mantine's dark body and card surfaces (dark.7 and dark.6). */
const DARK_SURFACES = ['#242424', '#2e2e2e'];

describe('chartPalette', () => {
  it('keeps ECharts’ light palette', () => {
    expect(chartPalette('light')[0]).toBe('#5070dd');
    expect(chartPalette('light')).toHaveLength(9);
  });

  it('gives every dark series at least 3:1 contrast against dark surfaces', () => {
    for (const bg of DARK_SURFACES)
      for (const color of chartPalette('dark'))
        expect(contrastRatio(color, bg), `${color} on ${bg}`).toBeGreaterThanOrEqual(3);
  });

  it('replaces the low-contrast slate of the light palette on dark', () => {
    expect(contrastRatio('#505372', '#242424')).toBeLessThan(3);
    expect(chartPalette('dark')).not.toContain('#505372');
    expect(chartPalette('dark')).toHaveLength(chartPalette('light').length);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a color on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#5070dd', '#5070dd')).toBe(1);
  });
});
