import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { readmeShellBlock, runReadmeBlock } from '../test/readme.js';

/**
 * The README's upload examples ("### Uploads"), run as written with bash and curl against a
 * listening server, as the README's reader `alice` would run them.
 */

let t: TestServer;
let alice: TestUser;
let server: Awaited<ReturnType<TestServer['listen']>>;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  server = await t.listen();
});
afterAll(async () => {
  await server?.close();
  await t.close();
});

async function rowsOf(sql: string) {
  const { id, status } = await runSql(t, alice.key, sql);
  expect(status.state, JSON.stringify(status.error)).toBe('QUERY_STATE_COMPLETED');
  return (await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key })).json.result
    .rows as Record<string, unknown>[];
}

describe('the README upload examples', () => {
  it('all answer 200 and make the tables they describe', async () => {
    const block = readmeShellBlock('### Uploads');
    const run = await runReadmeBlock(block, { API: `${server.url}/api/v1`, KEY: alice.key });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.calls.map((c) => c.status)).toEqual(
      Array.from({ length: block.match(/^curl /gm)!.length }, () => 200),
    );
    const [created, csv, ndjson, upload] = run.calls.map((c) => JSON.parse(c.body));
    expect(created).toMatchObject({ full_name: 'dune.alice.transfers' });
    expect(csv).toMatchObject({ rows_written: 2 });
    expect(ndjson).toMatchObject({ rows_written: 2 });
    expect(upload).toMatchObject({ success: true, full_name: 'dune.alice.dataset_city_costs' });

    expect(
      await rowsOf('select symbol, value, tx_hash from dune.alice.transfers order by block_time'),
    ).toEqual([
      {
        symbol: 'USDC',
        value: '7786596450288373164569331648084',
        tx_hash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
      },
      {
        symbol: 'WETH',
        value: '1000000000000000000',
        tx_hash: '0x2c7536e3605d9c16a7a3d7b1898e529396a65c23a39a8d3c4b1c2d1ad1d1f0aa',
      },
      { symbol: 'DAI', value: (2n ** 256n - 1n).toString(), tx_hash: null },
      { symbol: null, value: '42', tx_hash: '0xaa' },
    ]);
    const costs = await t.deps.lake.get('dune', 'alice', 'dataset_city_costs');
    expect(costs!.columns.map((c) => [c.name, c.type, c.description])).toEqual([
      ['city_name', 'varchar', 'City Name'],
      ['cost_total', 'double', 'Cost Total $'],
      ['fee_wei', 'uint256', 'Fee (wei)'],
    ]);
    expect(await rowsOf('select fee_wei from dune.alice.dataset_city_costs')).toEqual([
      { fee_wei: '7786596450288373164569331648084' },
      { fee_wei: '1' },
    ]);
    const transfers = await t.deps.lake.get('dune', 'alice', 'transfers');
    expect(transfers!.columns.find((c) => c.name === 'value')!.description).toBe('Amount in wei');
  });
});
