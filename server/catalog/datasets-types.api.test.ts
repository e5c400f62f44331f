import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../test/admin-cli.js';
import { runSql } from '../test/executions-helpers.js';
import { writeText } from '../test/datasets-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
let src: string;
let bob: Awaited<ReturnType<TestServer['createUser']>>;

const MAX_UINT256 = (2n ** 256n - 1n).toString();
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, 'a')}`;

/**
 * ERC-20 transfers as explorers export them: wei amounts of up to 31 digits beside small ones,
 * and an unlimited approval (2^256 - 1, 78 digits); the 4-byte method id as hex.
 */
const TRANSFERS = [
  ['18000000', '7786596450288373164569331648084'],
  ['18000001', '1000000000000000000'],
  ['18000002', '250000000000000000000000'],
  ['18000003', '0'],
  ['18000004', '999999999999999999999999999999'],
  ['18000005', MAX_UINT256],
  ['18000006', '123456789012345678901234567890'],
].map(([block, value], i) => ({
  block_number: Number(block),
  tx_hash: hash(i),
  method_id: i === 5 ? '0x095ea7b3' : '0xa9059cbb',
  from: address(i + 1),
  to: address(i + 100),
  value: value!,
}));

const CSV =
  'block_number,tx_hash,method_id,from,to,value\n' +
  TRANSFERS.map((r) =>
    [r.block_number, r.tx_hash, r.method_id, r.from, r.to, r.value].join(','),
  ).join('\n') +
  '\n';
/** NDJSON with the amounts as JSON numbers, as `jq` or a node's RPC answer writes them. */
const NDJSON = TRANSFERS.map(
  (r) =>
    `{"block_number":${r.block_number},"tx_hash":"${r.tx_hash}","method_id":"${r.method_id}","from":"${r.from}","to":"${r.to}","value":${r.value}}`,
).join('\n');

const up38 = TRANSFERS.filter((r) => r.value.length <= 38);
const SUM_38 = up38.reduce((s, r) => s + BigInt(r.value), 0n).toString();
const SUM_ALL = TRANSFERS.reduce((s, r) => s + BigInt(r.value), 0n).toString();

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dataset-types-'));
  writeText(path.join(src, 'transfers.csv'), CSV);
  writeText(path.join(src, 'transfers.ndjson'), NDJSON);
  // the next day: every amount fits 64 bits (DuckDB guesses BIGINT) and one has leading zeros
  writeText(
    path.join(src, 'next-day.csv'),
    'block_number,tx_hash,method_id,from,to,value\n' +
      `18007200,${hash(50)},0xa9059cbb,${address(1)},${address(2)},0042\n` +
      `18007201,${hash(51)},0xa9059cbb,${address(1)},${address(2)},7\n`,
  );
  writeText(
    path.join(src, 'negative.csv'),
    'block_number,tx_hash,method_id,from,to,value\n' +
      `18007300,${hash(60)},0xa9059cbb,${address(1)},${address(2)},5\n` +
      `18007301,${hash(61)},0xa9059cbb,${address(1)},${address(2)},-5\n`,
  );
  writeText(
    path.join(src, 'balances.csv'),
    'holder,delta,block_number\n' +
      `${address(1)},-57896044618658097711785492504343953926634992332820282019728792003956564819968,1\n` +
      `${address(2)},42,2\n`,
  );
  writeText(path.join(src, 'decimals.csv'), 'id,price\n1,2\n2,1.5\n');
  bob = await t.createUser('bob');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

const cli = () => adminCli(() => t.dir);

/** The rows of a query run through the API, its values as the wire gives them. */
async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const run = await runSql(t, bob.key, sql);
  expect(run.status.state, `${sql}: ${JSON.stringify(run.status.error)}`).toBe(
    'QUERY_STATE_COMPLETED',
  );
  const page = await t.call('GET', `/api/v1/execution/${run.id}/results`, { key: bob.key });
  return page.json.result.rows as Record<string, unknown>[];
}

describe('integers past 64 bits in imported CSV and NDJSON', { timeout: 60_000 }, () => {
  it('are kept exact as uint256, never DOUBLE, and sum exactly', async () => {
    for (const [name, file] of [
      ['tok.transfers_csv', 'transfers.csv'],
      ['tok.transfers_json', 'transfers.ndjson'],
    ] as const) {
      const r = await cli().run('import-dataset', name, path.join(src, file));
      expect(r.err, file).toBe('');
      const ds = await t.call('GET', `/api/v1/datasets/${name}`, { key: bob.key });
      const types = Object.fromEntries(
        (ds.json.columns as { name: string; type: string }[]).map((c) => [c.name, c.type]),
      );
      expect(types, file).toMatchObject({
        block_number: 'BIGINT',
        method_id: 'VARCHAR',
        value: 'uint256',
      });
      const values = await rows(`SELECT value FROM ${name} ORDER BY block_number`);
      expect(values.map((v) => v.value)).toEqual(TRANSFERS.map((x) => x.value));
      const [sums] = await rows(
        // a uint256 column is a number to SQL: exact sums at any size, digits by a cast
        `SELECT CAST(sum(value) FILTER (WHERE length(CAST(value AS varchar)) <= 38) AS VARCHAR) AS s38,
                CAST(sum(value) AS VARCHAR) AS s_all
         FROM ${name}`,
      );
      expect(sums).toEqual({ s38: SUM_38, s_all: SUM_ALL });
    }
    // the 4-byte method ids stay hex text (DuckDB alone reads 0xa9059cbb as 2835717307)
    const ids = await rows('SELECT DISTINCT method_id FROM tok.transfers_csv ORDER BY 1');
    expect(ids).toEqual([{ method_id: '0x095ea7b3' }, { method_id: '0xa9059cbb' }]);
  });

  it('decide from every value, not only those DuckDB samples', async () => {
    // a day of 30,000 small transfers, then a whale: DuckDB's sample sees only small ones
    const many = Array.from({ length: 30_000 }, (_, i) => `${18_100_000 + i},${i * 1000}`);
    writeText(
      path.join(src, 'late-whale.csv'),
      `block_number,value\n${many.join('\n')}\n18130000,${TRANSFERS[0]!.value}\n`,
    );
    // one export with integer prices, the next with decimals: the column is DOUBLE
    writeText(path.join(src, 'prices', 'a.csv'), 'day,price\n1,2\n2,3\n');
    writeText(path.join(src, 'prices', 'b.csv'), 'day,price\n3,2.5\n');
    expect(
      (await cli().run('import-dataset', 'tok.late', path.join(src, 'late-whale.csv'))).err,
    ).toBe('');
    expect(
      await rows(
        'SELECT count(*) AS n, max(length(CAST(value AS varchar))) AS digits FROM tok.late',
      ),
    ).toEqual([{ n: 30_001, digits: 31 }]);
    expect(await rows(`SELECT value FROM tok.late WHERE block_number = 18130000`)).toEqual([
      { value: TRANSFERS[0]!.value },
    ]);
    expect(
      (await cli().run('import-dataset', 'tok.day_prices', path.join(src, 'prices'))).err,
    ).toBe('');
    const ds = await t.call('GET', '/api/v1/datasets/tok.day_prices', { key: bob.key });
    expect(ds.json.columns.map((c: { type: string }) => c.type)).toEqual(['BIGINT', 'DOUBLE']);
    expect(await rows('SELECT price FROM tok.day_prices ORDER BY day')).toEqual([
      { price: 2 },
      { price: 3 },
      { price: 2.5 },
    ]);
  });

  it('appends to a uint256 column exactly; refuses a value that does not fit, naming it', async () => {
    const before = await cli().catalogState();
    const bad = await cli().run(
      'append-dataset',
      'tok.transfers_csv',
      path.join(src, 'negative.csv'),
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(
      `${path.join(src, 'negative.csv')}: row 2, column "value": "-5" is not an unsigned integer below 2^256 (the column is uint256)`,
    );
    expect(await cli().catalogState()).toEqual(before);
    const ok = await cli().run(
      'append-dataset',
      'tok.transfers_csv',
      path.join(src, 'next-day.csv'),
    );
    expect(ok.err).toBe('');
    const added = await rows(
      'SELECT value FROM tok.transfers_csv WHERE block_number >= 18007200 ORDER BY block_number',
    );
    expect(added).toEqual([{ value: '42' }, { value: '7' }]);
  });

  it('take the types the operator gives, and refuse a type or value that does not fit', async () => {
    const ok = await cli().run(
      'import-dataset',
      'tok.balances',
      path.join(src, 'balances.csv'),
      '--types',
      'delta=int256,block_number=integer',
      '--types',
      'HOLDER=varchar',
    );
    expect(ok.err).toBe('');
    const ds = await t.call('GET', '/api/v1/datasets/tok.balances', { key: bob.key });
    expect(ds.json.columns.map((c: { type: string }) => c.type)).toEqual([
      'VARCHAR',
      'int256',
      'INTEGER',
    ]);
    expect(await rows('SELECT delta FROM tok.balances ORDER BY block_number')).toEqual([
      { delta: `-${(2n ** 255n).toString()}` },
      { delta: '42' },
    ]);
    // without a type, a column with decimals stays what DuckDB reads
    expect(
      (await cli().run('import-dataset', 'tok.prices', path.join(src, 'decimals.csv'))).err,
    ).toBe('');
    const prices = await t.call('GET', '/api/v1/datasets/tok.prices', { key: bob.key });
    expect(prices.json.columns.map((c: { type: string }) => c.type)).toEqual(['BIGINT', 'DOUBLE']);

    const before = await cli().catalogState();
    const cases: [string[], string | RegExp][] = [
      [
        ['--types', 'value=bigint'],
        `${path.join(src, 'transfers.csv')}: row 1, column "value": "7786596450288373164569331648084" is not a 64-bit integer (the column is BIGINT)`,
      ],
      [
        ['--types', 'value=uint128'],
        /column "value": unsupported type "uint128"; use one of varchar, .*uint256, int256/,
      ],
      [['--types', 'value'], /--types takes NAME=TYPE\[,NAME=TYPE\.\.\.\], not "value"/],
      [['--types', 'amount=uint256'], /--types: .*transfers\.csv has no column "amount"/],
    ];
    for (const [extra, message] of cases) {
      const r = await cli().run(
        'import-dataset',
        'tok.typed',
        path.join(src, 'transfers.csv'),
        ...extra,
      );
      expect(r.code, extra.join(' ')).toBe(1);
      if (typeof message === 'string') expect(r.err).toContain(message);
      else expect(r.err).toMatch(message);
    }
    expect(await cli().catalogState()).toEqual(before);

    // a manifest gives them too
    const manifest = path.join(src, 'datasets.yaml');
    writeText(
      manifest,
      'datasets:\n  - {name: tok.next_day, source: next-day.csv, types: {value: uint256}}\n',
    );
    const synced = await cli().run('sync-datasets', manifest);
    expect(synced.err).toBe('');
    const next = await t.call('GET', '/api/v1/datasets/tok.next_day', { key: bob.key });
    expect(next.json.columns.find((c: { name: string }) => c.name === 'value').type).toBe(
      'uint256',
    );
    expect(await rows('SELECT value FROM tok.next_day ORDER BY block_number')).toEqual([
      { value: '42' },
      { value: '7' },
    ]);
  });

  it('appends to a 64-bit column refuse a value past 64 bits, a decimal or hex', async () => {
    const table = 'tok.blocks';
    writeText(path.join(src, 'blocks', 'day-1.csv'), 'n,value\n1,5\n');
    writeText(path.join(src, 'blocks', 'day-2.csv'), 'n,value\n2,1.5\n');
    writeText(path.join(src, 'blocks', 'day-3.csv'), 'n,value\n3,0x1f\n');
    writeText(path.join(src, 'blocks', 'day-4.csv'), `n,value\n4,${MAX_UINT256}\n`);
    expect(
      (await cli().run('import-dataset', table, path.join(src, 'blocks', 'day-1.csv'))).err,
    ).toBe('');
    for (const [day, value, expected] of [
      ['day-2.csv', '1.5', 'a 64-bit integer'],
      ['day-3.csv', '0x1f', 'a 64-bit integer'],
      ['day-4.csv', MAX_UINT256, 'a 64-bit integer'],
    ] as const) {
      const r = await cli().run('append-dataset', table, path.join(src, 'blocks', day));
      expect(r.code, day).toBe(1);
      expect(r.err, day).toContain(
        `${day}: row 1, column "value": "${value}" is not ${expected} (the column is BIGINT)`,
      );
    }
    expect(await rows(`SELECT count(*) AS n FROM ${table}`)).toEqual([{ n: 1 }]);
  });
});
