import { describe, expect, it } from 'vitest';
import type { ExecutionResult } from '../../lib/resources/executions';
import { latestValues, outcomeNow, outcomeWords, resultHead, valueText } from './latest-value';

const result = (over: Partial<ExecutionResult>) =>
  ({
    execution_id: 'e',
    query_id: 1,
    state: 'QUERY_STATE_COMPLETED',
    is_execution_finished: true,
    submitted_at: '2030-01-01T00:00:00Z',
    result: { rows: [{ v: 5 }], metadata: { column_names: ['v'], total_row_count: 4 } },
    ...over,
  }) as ExecutionResult;

describe('the latest value in the Set alert dialog', () => {
  it('reads the columns, row count and first row of a completed result only', () => {
    expect(resultHead(result({}))).toEqual({ columns: ['v'], rowCount: 4, firstRow: { v: 5 } });
    expect(resultHead(result({ state: 'QUERY_STATE_FAILED', result: undefined }))).toBeNull();
    expect(resultHead(null)).toBeNull();
  });

  it('names the default parameter set when no value is chosen', () => {
    const params = [{ key: 'chain', type: 'text' as const, value: 'eth' }];
    expect(latestValues(params, {})).toEqual({ chain: 'eth' });
    expect(latestValues(params, { chain: 'base' })).toEqual({ chain: 'base' });
    expect(latestValues([], {})).toEqual({});
  });

  it('says whether the condition would trigger now, with the runner’s rule', () => {
    const head = resultHead(result({}))!;
    const trig = outcomeNow({ op: '>', column: 'v', value: 4 }, head)!;
    expect(outcomeWords(trig)).toBe('Would trigger now');
    expect(outcomeWords(outcomeNow({ op: '>', column: 'v', value: 9 }, head)!)).toBe(
      'Would not trigger now',
    );
    expect(outcomeWords(outcomeNow({ op: '>', column: 'w', value: 9 }, head)!)).toBe(
      'Cannot evaluate now: the result has no column "w" (its columns: "v")',
    );
    expect(outcomeNow({ op: 'any_rows' }, head)?.value).toBe(4);
    expect(outcomeNow(null, head)).toBeNull();
  });

  it('shows a cell as one line of text', () => {
    expect(valueText(508)).toBe('508');
    expect(valueText('base')).toBe('base');
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
  });
});
