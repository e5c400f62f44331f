import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * A run's dialect as the engine sees it (engine/dialects.ts): DuneSQL runs in instances set up
 * for it (Trino's integer division, its macros), DuckDB SQL in instances that are not, and an
 * instance never serves a run of the other dialect.
 */
let t: TestServer;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
});
afterAll(() => t.close());

/** Runs `sql` to completion as alice and returns its rows. */
async function rows(sql: string, extra: Record<string, unknown> = {}) {
  const { id, status } = await runSql(t, alice.key, sql, extra);
  expect(status.state, `${sql}: ${JSON.stringify(status.error)}`).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
  return page.json.result.rows as Record<string, unknown>[];
}

/** Integer division, and the instance (its spill folder) the run had. */
const DIVISION = "SELECT 7 / 2 AS x, current_setting('temp_directory') AS dir";

describe('a run’s dialect', () => {
  it('divides integers as Trino does in DuneSQL and as DuckDB does in DuckDB, one after the other', async () => {
    const dune = (await rows(DIVISION, { dialect: 'dunesql' }))[0]!;
    const duck = (await rows(DIVISION, { dialect: 'duckdb' }))[0]!;
    const again = (await rows(DIVISION))[0]!;
    const duckAgain = (await rows(DIVISION, { dialect: 'duckdb' }))[0]!;
    expect([dune.x, duck.x, again.x, duckAgain.x]).toEqual([3, 3.5, 3, 3.5]);
    // Each dialect's instance serves its own next run, never the other's.
    const instance = (r: Record<string, unknown>) => path.dirname(String(r.dir));
    expect(instance(duck)).not.toBe(instance(dune));
    expect(instance(again)).toBe(instance(dune));
    expect(instance(duckAgain)).toBe(instance(duck));
  });

  it('runs a saved query in the dialect it is saved in', async () => {
    const created = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'halves', query_sql: 'SELECT 7 / 2 AS x', dialect: 'duckdb' },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json.query_id as number;
    const run = async () => {
      const ex = await t.call('POST', `/api/v1/query/${id}/execute`, { key: alice.key });
      expect(ex.status, ex.text).toBe(200);
      await t.deps.executions.settled(ex.json.execution_id);
      const page = await t.call('GET', `/api/v1/execution/${ex.json.execution_id}/results`, {
        key: alice.key,
      });
      return page.json.result.rows[0].x;
    };
    expect(await run()).toBe(3.5);
    const patched = await t.call('PATCH', `/api/v1/query/${id}`, {
      key: alice.key,
      body: { dialect: 'dunesql' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(await run()).toBe(3);
  });

  it('places a DuneSQL error in the SQL as written, after a parameter and a rewritten piece', async () => {
    const parameters = [{ key: 'who', type: 'text', value: '' }];
    const values = { query_parameters: { who: 'a value much longer than its placeholder' } };
    const failure = async (sql: string) => {
      const { status } = await runSql(t, alice.key, sql, { parameters, ...values });
      expect(status.state).toBe('QUERY_STATE_FAILED');
      return status.error as { type: string; message: string; metadata: unknown };
    };
    // Refused by the rewrite: an odd number of hex digits.
    const odd = 'SELECT {{who}} AS who,\n  1 AS n, 0xabc AS b';
    expect(await failure(odd)).toMatchObject({
      type: 'syntax_error',
      message: expect.stringContaining('0xabc'),
      metadata: { line: 2, column: 11 },
    });
    // Refused by DuckDB after the rewrite made `0x0a0b` longer, on the same line as a parameter.
    const unknown = 'SELECT {{who}} AS who, 0x0a0b AS b, nope_column AS c';
    expect((await failure(unknown)).metadata).toEqual({
      line: 1,
      column: unknown.indexOf('nope_column') + 1,
    });
  });

  it('keeps DuneSQL written in a parameter’s value a typed literal', async () => {
    const sql = "SELECT {{v}} AS code, '{{v}}' AS quoted, {{n}} AS n";
    const parameters = [
      { key: 'v', type: 'text', value: '' },
      { key: 'n', type: 'number', value: '1' },
    ];
    for (const v of ['0xdeadbeef', 'CAST(1 AS uint256)', 'varbinary_substring(0x01, 1, 1)']) {
      expect(
        await rows(sql, { parameters, query_parameters: { v, n: 7 }, dialect: 'dunesql' }),
      ).toEqual([{ code: v, quoted: v, n: 7 }]);
    }
    // A number parameter takes numbers only: a 0x literal is not one.
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql, parameters, query_parameters: { v: 'x', n: '0x10' } },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/"0x10" is not a number/);
  });
});
