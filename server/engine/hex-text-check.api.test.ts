import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createAddressBook } from '../test/uploads-helpers.js';

/**
 * A quoted '0x…' compared with a varbinary column is the bytes of its characters to DuckDB, so it
 * matched nothing, silently (hex-text-check.ts). Such a run fails at the literal, in both
 * dialects; the same text compared with text, or written as bytes, runs.
 */
let t: TestServer;
let alice: TestUser;
const ADDR = '0x' + 'ab'.repeat(20);

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  await createAddressBook(t, alice.key, 'alice', [[ADDR, ADDR]]);
});
afterAll(() => t.close());

async function run(sql: string, dialect: 'dunesql' | 'duckdb') {
  const { id, status } = await runSql(t, alice.key, sql, { dialect });
  if (status.state !== 'QUERY_STATE_COMPLETED') return { error: status.error };
  const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
  return { rows: page.json.result.rows as Record<string, unknown>[] };
}

describe('a quoted 0x… compared with varbinary', () => {
  it('fails at the literal in DuneSQL, saying to drop the quotes', async () => {
    const sql = `SELECT count(*) AS n\nFROM dune.alice.book\nWHERE address = '${ADDR}'`;
    const { error } = await run(sql, 'dunesql');
    expect(error?.message).toBe(
      `line 3:17: '${ADDR}' is text, not varbinary: compared with an address or hash it matches nothing; write ${ADDR} (no quotes), or give the {{parameter}} it came from the type varbinary`,
    );
    expect(error?.metadata).toEqual({ line: 3, column: 17 });
  });

  it('fails in DuckDB SQL too, in an IN list, saying to use from_hex', async () => {
    const sql = `SELECT count(*) AS n FROM dune.alice.book WHERE address IN ('0x00', '${ADDR}')`;
    const { error } = await run(sql, 'duckdb');
    expect(error?.message).toMatch(
      /^'0x00' is text, not varbinary: .*; write from_hex\('00'\), or give/,
    );
  });

  it('runs the same text compared with text, shown as text, or written as bytes', async () => {
    const cases: [string, 'dunesql' | 'duckdb'][] = [
      [`SELECT count(*) AS n FROM dune.alice.book WHERE label = '${ADDR}'`, 'dunesql'],
      [`SELECT count(*) AS n FROM dune.alice.book WHERE address = ${ADDR}`, 'dunesql'],
      [`SELECT count(*) AS n FROM dune.alice.book WHERE address = from_hex('${ADDR}')`, 'dunesql'],
      [
        `SELECT count(*) AS n FROM dune.alice.book WHERE address = from_hex(substr('${ADDR}', 3))`,
        'duckdb',
      ],
      [`SELECT count(*) AS n FROM dune.alice.book WHERE '${ADDR}' = label`, 'duckdb'],
    ];
    for (const [sql, dialect] of cases)
      expect(await run(sql, dialect), sql).toEqual({ rows: [{ n: 1 }] });
  });
});
