import { describe, expect, it } from 'vitest';
import { isTerminal, statusStyle, type NodeState } from './status-style';

const STATES: NodeState[] = [
  'idle',
  'pending',
  'executing',
  'completed',
  'failed',
  'cancelled',
  'skipped',
];

describe('statusStyle', () => {
  it('gives every state a label and colors per scheme', () => {
    for (const s of STATES) {
      const light = statusStyle(s, 'light');
      const dark = statusStyle(s, 'dark');
      expect(light.label).toBe(dark.label);
      expect(light.background).not.toBe(dark.background);
    }
    expect(statusStyle('failed', 'light').color).toBe('red');
    expect(statusStyle('completed', 'dark').label).toBe('Completed');
  });

  it('keeps dark cards dark: no pale tint (shade 0) as a dark background', () => {
    for (const s of STATES) expect(statusStyle(s, 'dark').background).not.toMatch(/-0\)/);
  });

  it('tells terminal states apart', () => {
    expect(['completed', 'failed', 'cancelled', 'skipped'].every(isTerminal)).toBe(true);
    expect(['pending', 'executing'].some(isTerminal)).toBe(false);
  });
});
