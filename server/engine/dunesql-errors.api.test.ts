import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

// A failed run's error as the API answers it: in the hosted service's (Trino's) words for
// DuneSQL, the dialect of runs that name none; in DuckDB's for DuckDB runs. Either way at the
// line and column of the SQL as the user wrote it (dunesql-errors.ts, run-error.ts).

let t: TestServer;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('errs_alice');
});
afterAll(() => t.close());

const failed = async (sql: string, extra: Record<string, unknown> = {}) => {
  const { status } = await runSql(t, alice.key, sql, extra);
  expect(status.state, sql).toBe('QUERY_STATE_FAILED');
  return status.error as { type: string; message: string; metadata?: object };
};

// 40 bytes: two addresses run together, too long for any number.
const FORTY_BYTES = `0x${'dac17f958d2ee523a2206206994597c13d831ec7'.repeat(2)}`;

describe('a failed DuneSQL run', () => {
  it("names an unknown column in Trino's words, where the user wrote it", async () => {
    // The 0x literal before it is rewritten to longer text: the place is still the user's.
    const sql = 'select 0xdAC17F958D2ee523a2206206994597C13D831ec7 as token,\n  nope';
    expect(await failed(sql)).toEqual({
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: "line 2:3: Column 'nope' cannot be resolved",
      metadata: { line: 2, column: 3 },
    });
  });

  it("keeps DuckDB's words for the same failure in the duckdb dialect", async () => {
    const error = await failed('select 1 as token,\n  nope', { dialect: 'duckdb' });
    expect(error.message).toMatch(/^Binder Error: Referenced column "nope" was not found/);
    expect(error.metadata).toEqual({ line: 2, column: 3 });
  });

  it('says a uint256 is out of range, at the cast', async () => {
    const big = (2n ** 256n).toString();
    expect(await failed(`select\n  cast('${big}' as uint256) as amount`)).toEqual({
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: expect.stringMatching(
        new RegExp(`^line 2:\\d+: .*${big}.* out of range for uint256`),
      ) as unknown,
      metadata: { line: 2, column: expect.any(Number) as unknown },
    });
  });

  it('says 40 bytes do not fit a 32-byte number, at the call or the cast', async () => {
    expect(await failed(`select bytearray_to_uint256(${FORTY_BYTES}) as n`)).toEqual({
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: expect.stringMatching(
        /^line 1:8: varbinary_to_uint256: 40 bytes do not fit in 32/,
      ) as unknown,
      metadata: { line: 1, column: 8 },
    });
    const cast = `select cast(${FORTY_BYTES} as uint256) as n`;
    expect(await failed(cast)).toEqual({
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: `line 1:${cast.indexOf('uint256') + 1}: Cannot cast varbinary ${FORTY_BYTES} to uint256`,
      metadata: { line: 1, column: cast.indexOf('uint256') + 1 },
    });
  });

  it('says Division by zero, as Trino does, where DuckDB would answer NULL', async () => {
    expect(await failed('select x / y as q from (values (7, 0)) as t(x, y)')).toEqual({
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: 'Division by zero',
    });
    const { status } = await runSql(t, alice.key, 'select 7 / 0 as q', { dialect: 'duckdb' });
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
  });
});
