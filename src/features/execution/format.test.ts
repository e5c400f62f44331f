import { describe, expect, it } from 'vitest';
import type { ExecutionStatus } from '../../lib/resources/executions';
import {
  errorPosition,
  formatCredits,
  formatDuration,
  formatRows,
  isRunning,
  ordinal,
} from './format';

describe('ordinal', () => {
  it('uses the English suffixes, teens included', () => {
    const got = [1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1002].map(ordinal);
    expect(got).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
      '1002nd',
    ]);
  });
});

describe('formatDuration', () => {
  it('picks a unit by size', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(-5)).toBe('0 ms');
    expect(formatDuration(340.4)).toBe('340 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(4_260)).toBe('4.2 s');
    expect(formatDuration(59_999)).toBe('59.9 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
  });
});

describe('formatCredits and formatRows', () => {
  it('rounds credits to 0.001 and agrees in number', () => {
    expect(formatCredits(0.5124)).toBe('0.512 credits');
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(1234.5)).toBe('1,234.5 credits');
    expect(formatRows(1)).toBe('1 row');
    expect(formatRows(0)).toBe('0 rows');
    expect(formatRows(1_000_000)).toBe('1,000,000 rows');
  });
});

describe('errorPosition and isRunning', () => {
  const base = {
    execution_id: 'E',
    query_id: 0,
    is_execution_finished: true,
    submitted_at: '2024-01-01T00:00:00Z',
    execution_cost_credits: 0,
    max_inflight_interactive_executions: 3,
    max_inflight_interactive_reached: 0,
  };
  const failed: ExecutionStatus = {
    ...base,
    state: 'QUERY_STATE_FAILED',
    error: { type: 'syntax_error', message: 'bad', metadata: { line: 2, column: 7 } },
  };

  it('gives the line and column of a failed run only', () => {
    expect(errorPosition(failed)).toEqual({ line: 2, column: 7 });
    expect(errorPosition({ ...failed, error: { type: 'x', message: 'm' } })).toBeNull();
    expect(errorPosition({ ...failed, state: 'QUERY_STATE_COMPLETED' })).toBeNull();
    expect(errorPosition(undefined)).toBeNull();
  });

  it('is running while pending or executing', () => {
    expect(isRunning({ ...base, state: 'QUERY_STATE_PENDING' })).toBe(true);
    expect(isRunning({ ...base, state: 'QUERY_STATE_EXECUTING' })).toBe(true);
    expect(isRunning(failed)).toBe(false);
    expect(isRunning(undefined)).toBe(false);
  });
});
