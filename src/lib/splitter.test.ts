import { describe, expect, it } from 'vitest';
import { clampSize, sizeAfterKey } from './splitter';

const B = { min: 120, max: 700 };

describe('splitter sizes', () => {
  it('clamps to the bounds, in whole pixels', () => {
    expect(clampSize(300.4, B)).toBe(300);
    expect(clampSize(50, B)).toBe(120);
    expect(clampSize(900, B)).toBe(700);
    expect(clampSize(500, { min: 120, max: 80 })).toBe(120);
  });
  it('moves with arrows, pages, Home and End; other keys do nothing', () => {
    expect(sizeAfterKey('ArrowDown', 300, B)).toBe(324);
    expect(sizeAfterKey('ArrowUp', 300, B)).toBe(276);
    expect(sizeAfterKey('PageDown', 300, B)).toBe(420);
    expect(sizeAfterKey('PageUp', 130, B)).toBe(120);
    expect(sizeAfterKey('Home', 300, B)).toBe(120);
    expect(sizeAfterKey('End', 300, B)).toBe(700);
    expect(sizeAfterKey('a', 300, B)).toBeNull();
  });
});
