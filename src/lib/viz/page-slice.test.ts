import { describe, expect, it } from 'vitest';
import type { ExecutionResult } from '../resources/executions';
import { sliceOfPage } from './page-slice';

const rows = Array.from({ length: 5 }, (_, i) => ({ i, twice: i * 2, name: `r${i}` }));

function page(n: number, total = rows.length, extra: Partial<ExecutionResult> = {}) {
  return {
    execution_id: '01EXEC',
    query_id: 7,
    state: 'QUERY_STATE_COMPLETED',
    is_execution_finished: true,
    submitted_at: '2026-01-01T00:00:00Z',
    ...(n < total ? { next_offset: n, next_uri: 'http://x/next' } : {}),
    result: {
      rows: rows.slice(0, n),
      metadata: {
        column_names: ['i', 'twice', 'name'],
        column_types: ['integer', 'bigint', 'varchar'],
        row_count: n,
        result_set_bytes: 100,
        total_row_count: total,
        total_result_set_bytes: 500,
        datapoint_count: total * 3,
        pending_time_millis: 1,
        execution_time_millis: 2,
      },
    },
    ...extra,
  } satisfies ExecutionResult;
}

describe('sliceOfPage', () => {
  it('answers a head read (one row, every column) from a first page', () => {
    const s = sliceOfPage(page(5), { limit: 1 })!;
    expect(s.result!.rows).toEqual([rows[0]]);
    expect(s.result!.metadata).toMatchObject({ row_count: 1, total_row_count: 5 });
    expect(s.next_offset).toBe(1);
    expect(s.next_uri).toBeUndefined();
    expect(s.execution_id).toBe('01EXEC');
  });

  it('projects the asked columns, in the asked order, with their types', () => {
    const s = sliceOfPage(page(5), { columns: ['twice', 'i', 'twice'], offset: 1, limit: 2 })!;
    expect(s.result!.rows).toEqual([
      { twice: 2, i: 1 },
      { twice: 4, i: 2 },
    ]);
    expect(s.result!.metadata.column_names).toEqual(['twice', 'i']);
    expect(s.result!.metadata.column_types).toEqual(['bigint', 'integer']);
    expect(s.result!.metadata.datapoint_count).toBe(10);
    expect(s.next_offset).toBe(3);
  });

  it('answers any window of a complete page, the last one without next_offset', () => {
    const all = sliceOfPage(page(5), { columns: ['i'], limit: 32_000, offset: 0 })!;
    expect(all.result!.rows).toHaveLength(5);
    expect(all.next_offset).toBeUndefined();
    const past = sliceOfPage(page(5), { offset: 9, limit: 1 })!;
    expect(past.result!.rows).toEqual([]);
    expect(sliceOfPage(page(5), {})!.result!.rows).toEqual(rows);
  });

  it('cannot tell rows past an incomplete page, or sorted, filtered and sampled reads', () => {
    expect(sliceOfPage(page(3), { limit: 2 })!.result!.rows).toHaveLength(2);
    expect(sliceOfPage(page(3), { offset: 2, limit: 1 })!.result!.rows).toEqual([rows[2]]);
    expect(sliceOfPage(page(3), { offset: 2, limit: 2 })).toBeUndefined();
    expect(sliceOfPage(page(3), {})).toBeUndefined();
    expect(sliceOfPage(page(5), { sort_by: 'i desc', limit: 1 })).toBeUndefined();
    expect(sliceOfPage(page(5), { filters: 'i > 1' })).toBeUndefined();
    expect(sliceOfPage(page(5), { sample_count: 2 })).toBeUndefined();
  });

  it('cannot tell an unknown column, a page without rows or a failed run', () => {
    expect(sliceOfPage(page(5), { columns: ['nope'] })).toBeUndefined();
    const { result: _r, ...noResult } = page(5);
    expect(sliceOfPage(noResult, { limit: 1 })).toBeUndefined();
    expect(
      sliceOfPage(page(5, 5, { error: { type: 'x', message: 'failed' } }), { limit: 1 }),
    ).toBeUndefined();
  });
});
