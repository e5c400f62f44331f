import { describe, expect, it } from 'vitest';
import { executionPath, untilFinished, whileUnfinished } from './executions';

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
