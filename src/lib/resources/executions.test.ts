import { describe, expect, it } from 'vitest';
import {
  executionKeys,
  executionPath,
  executionStatusOptions,
  latestExecutionOptions,
  latestParamsQuery,
  pollInterval,
  untilFinished,
  whileUnfinished,
} from './executions';

const polled = (
  status: string,
  data?: { is_execution_finished: boolean } | null,
  dataUpdateCount = 0,
) => ({ state: { status, data, dataUpdateCount } });

describe('executionPath', () => {
  it('names the endpoint of an execution, its id escaped', () => {
    expect(executionPath('01H/x', 'status')).toBe('/execution/01H%2Fx/status');
    expect(executionPath('e1', 'results')).toBe('/execution/e1/results');
    expect(executionPath('e1', 'cancel')).toBe('/execution/e1/cancel');
  });
});

describe('untilFinished', () => {
  it('polls until the execution is finished', () => {
    expect(untilFinished(100)(polled('pending'))).toBe(100);
    expect(untilFinished(100)(polled('success', { is_execution_finished: false }))).toBe(100);
    expect(untilFinished(100)(polled('success', { is_execution_finished: true }))).toBe(false);
  });

  it('stops after a failed read', () => {
    expect(untilFinished(100)(polled('error', { is_execution_finished: false }))).toBe(false);
  });

  it('asks a function for the interval with the reads so far', () => {
    const every = untilFinished((n) => (n < 10 ? 200 : 500));
    expect(every(polled('success', { is_execution_finished: false }, 3))).toBe(200);
    expect(every(polled('success', { is_execution_finished: false }, 12))).toBe(500);
  });
});

describe('whileUnfinished', () => {
  it('polls only while what was read is not finished', () => {
    expect(whileUnfinished(1000)(polled('success', { is_execution_finished: false }))).toBe(1000);
    expect(whileUnfinished(1000)(polled('success', { is_execution_finished: true }))).toBe(false);
    expect(whileUnfinished(1000)(polled('pending'))).toBe(false);
    expect(whileUnfinished(1000)(polled('success', null))).toBe(false);
  });
});

describe('executionKeys', () => {
  it('start with the context', () => {
    expect(executionKeys.status('t', 'E1')).toEqual(['ctx', 't', 'executions', 'status', 'E1']);
    expect(latestExecutionOptions('u', 5, { a: '1' }).queryKey).toEqual([
      'ctx',
      'u',
      'executions',
      'latest',
      5,
      { a: '1' },
    ]);
    expect(executionStatusOptions('v', 'E').queryKey.slice(0, 2)).toEqual(['ctx', 'v']);
  });
});

describe('latestParamsQuery', () => {
  it('asks for one row of any age and names each value params.<name>', () => {
    expect(latestParamsQuery({})).toEqual({ limit: 1, allow_stale: 'true' });
    expect(latestParamsQuery({ chain: 'eth', n: 5, 'big one': ['a', 'b'] })).toEqual({
      limit: 1,
      allow_stale: 'true',
      'params.chain': 'eth',
      'params.n': '5',
      'params.big one': ['a', 'b'],
    });
  });
});

describe('pollInterval', () => {
  it('polls briskly first, then calmer', () => {
    expect(pollInterval(0)).toBe(200);
    expect(pollInterval(9)).toBe(200);
    expect(pollInterval(10)).toBe(500);
  });
});

describe('executionStatusOptions polling', () => {
  type IntervalFn = Extract<
    ReturnType<typeof executionStatusOptions>['refetchInterval'],
    (...args: never[]) => unknown
  >;
  const interval = executionStatusOptions('c', 'E').refetchInterval as IntervalFn;
  const query = (state: object) => ({ state }) as unknown as Parameters<IntervalFn>[0];

  it('polls while the execution is not finished', () => {
    const running = { is_execution_finished: false };
    expect(interval(query({ status: 'pending', dataUpdateCount: 0 }))).toBe(200);
    expect(interval(query({ status: 'success', data: running, dataUpdateCount: 3 }))).toBe(200);
    expect(interval(query({ status: 'success', data: running, dataUpdateCount: 30 }))).toBe(500);
  });

  it('stops at a terminal state or a failed read', () => {
    const done = { is_execution_finished: true };
    expect(interval(query({ status: 'success', data: done, dataUpdateCount: 3 }))).toBe(false);
    expect(interval(query({ status: 'error', dataUpdateCount: 0 }))).toBe(false);
  });
});
