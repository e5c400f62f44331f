import { describe, expect, it } from 'vitest';
import {
  EXECUTION_STATES,
  isChartSeriesType,
  isColumnType,
  isCompletedState,
  isDialect,
  isRunningState,
  isTier,
  NODE_STATUSES,
  PIPELINE_STATUSES,
  RUNNING_EXECUTION_STATES,
  COMPLETED_EXECUTION_STATES,
  UNSUCCESSFUL_EXECUTION_STATES,
} from './enums';

describe('execution states', () => {
  it('are each running, completed or unsuccessful, exactly once', () => {
    const groups = [
      ...RUNNING_EXECUTION_STATES,
      ...COMPLETED_EXECUTION_STATES,
      ...UNSUCCESSFUL_EXECUTION_STATES,
    ];
    expect([...groups].sort()).toEqual([...EXECUTION_STATES].sort());
    expect(isRunningState('QUERY_STATE_EXECUTING')).toBe(true);
    expect(isRunningState('QUERY_STATE_FAILED')).toBe(false);
    expect(isCompletedState('QUERY_STATE_COMPLETED_PARTIAL')).toBe(true);
    expect(isCompletedState(undefined)).toBe(false);
  });
});

describe('guards', () => {
  it('accept only the listed values', () => {
    expect(isTier('large')).toBe(true);
    expect(isTier('free')).toBe(false);
    expect(isColumnType('uint256')).toBe(true);
    expect(isColumnType('text')).toBe(false);
    expect(isChartSeriesType('pie')).toBe(true);
    expect(isChartSeriesType('bar')).toBe(false);
    expect(isDialect('duckdb')).toBe(true);
    expect(isDialect('trino')).toBe(false);
  });
  it('give nodes every pipeline status and skipped', () => {
    expect(NODE_STATUSES).toEqual([...PIPELINE_STATUSES, 'skipped']);
  });
});
