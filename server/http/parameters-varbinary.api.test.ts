import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createAddressBook } from '../test/uploads-helpers.js';

/**
 * A varbinary parameter (`WHERE address = {{wallet}}`) takes an address as `0x…` and compares
 * it as bytes with a varbinary column, in saved queries of both dialects; a value that is not
 * 0x-hex of even length is refused with 400 before anything runs.
 */
let t: TestServer;
let alice: TestUser;
const ADDR = '0x' + 'ab'.repeat(20);
const OTHER = '0x' + '0c'.repeat(20);

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  await createAddressBook(t, alice.key, 'alice', [
    [ADDR, 'mine'],
    [OTHER, 'other'],
  ]);
});
afterAll(() => t.close());

async function save(dialect: 'dunesql' | 'duckdb'): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: {
      name: `by wallet (${dialect})`,
      query_sql: 'SELECT label FROM dune.alice.book WHERE address = {{wallet}}',
      dialect,
      parameters: [{ key: 'wallet', type: 'varbinary', value: OTHER }],
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.query_id as number;
}

async function execute(id: number, wallet?: string) {
  const body = wallet === undefined ? {} : { query_parameters: { wallet } };
  return t.call('POST', `/api/v1/query/${id}/execute`, { key: alice.key, body });
}

async function labels(id: number, wallet?: string) {
  const r = await execute(id, wallet);
  expect(r.status, r.text).toBe(200);
  const status = await waitFinished(t, alice.key, r.json.execution_id);
  expect(status.state, JSON.stringify(status.error)).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${r.json.execution_id}/results`, {
    key: alice.key,
  });
  return (page.json.result.rows as { label: string }[]).map((row) => row.label);
}

describe.each(['dunesql', 'duckdb'] as const)('a varbinary parameter in %s', (dialect) => {
  let id: number;
  beforeAll(async () => {
    id = await save(dialect);
  });

  it('is saved with its type and finds the row of the address given', async () => {
    const g = await t.call('GET', `/api/v1/query/${id}`, { key: alice.key });
    expect(g.json.parameters).toEqual([{ key: 'wallet', type: 'varbinary', value: OTHER }]);
    expect(await labels(id, ADDR)).toEqual(['mine']);
    expect(await labels(id, ADDR.toUpperCase().replace('0X', '0x'))).toEqual(['mine']);
    expect(await labels(id)).toEqual(['other']);
  });

  it('refuses a value that is not 0x-prefixed hex of even length with 400', async () => {
    for (const bad of [ADDR.slice(0, -1), ADDR.slice(2), "0xab' OR 1=1 --", `${ADDR}zz`]) {
      const r = await execute(id, bad);
      expect(r.status, bad).toBe(400);
      expect(r.json).toEqual({
        error: `parameter "wallet": "${bad}" is not 0x-prefixed hex of even length`,
      });
    }
  });
});

describe('saving a varbinary parameter', () => {
  it('takes no default; a run without a value is then refused with 400', async () => {
    const r = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'no default',
        query_sql: 'SELECT label FROM dune.alice.book WHERE address = {{wallet}}',
        parameters: [{ key: 'wallet', type: 'varbinary', value: '' }],
      },
    });
    expect(r.status, r.text).toBe(200);
    const id = r.json.query_id as number;
    const refused = await execute(id);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: 'parameter "wallet": "" is not 0x-prefixed hex of even length',
    });
    expect(await labels(id, ADDR)).toEqual(['mine']);
  });

  it('refuses a default that is not 0x-hex with 400', async () => {
    const r = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'bad default',
        query_sql: 'SELECT {{wallet}}',
        parameters: [{ key: 'wallet', type: 'varbinary', value: '0xabc' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 'default of parameter "wallet": "0xabc" is not 0x-prefixed hex of even length',
    });
  });

  it('is what an address given by value only (the client’s query_parameters) becomes', async () => {
    const r = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'client style',
        query_sql: 'SELECT label FROM dune.alice.book WHERE address = {{wallet}} AND {{n}} > 0',
        query_parameters: { wallet: ADDR, n: '3' },
      },
    });
    expect(r.status, r.text).toBe(200);
    const id = r.json.query_id as number;
    const g = await t.call('GET', `/api/v1/query/${id}`, { key: alice.key });
    expect(g.json.parameters).toEqual([
      { key: 'wallet', type: 'varbinary', value: ADDR },
      { key: 'n', type: 'number', value: '3' },
    ]);
    expect(await labels(id)).toEqual(['mine']);
  });
});
