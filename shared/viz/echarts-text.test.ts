import { describe, expect, it } from 'vitest';
import { withSafeTexts } from './echarts-text';

describe('withSafeTexts', () => {
  it('makes every string naming a member of Object.prototype safe, in place, and nothing else', () => {
    const formatter = (v: unknown) => String(v);
    const option = {
      xAxis: { data: ['a', '__proto__', 'constructor'], name: '__proto__' },
      series: [{ name: '__proto__', data: [[1, '__proto__']], label: { formatter } }],
      legend: { show: true, data: ['toString', 'hasOwnProperty', 'proto'] },
    };
    expect(withSafeTexts(option)).toBe(option);
    expect(option).toEqual({
      xAxis: { data: ['a', '__proto__\u200b', 'constructor\u200b'], name: '__proto__\u200b' },
      series: [{ name: '__proto__\u200b', data: [[1, '__proto__\u200b']], label: { formatter } }],
      legend: { show: true, data: ['toString\u200b', 'hasOwnProperty\u200b', 'proto'] },
    });
  });

  it('passes anything that is not an object through', () => {
    expect(withSafeTexts('__proto__')).toBe('__proto__');
    expect(withSafeTexts(null)).toBeNull();
  });
});
