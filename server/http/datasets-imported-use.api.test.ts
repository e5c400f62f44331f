import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuery, runPipeline } from '../pipelines/pipelines-test-helpers.js';
import { adminCli } from '../test/admin-cli.js';
import { writeDays } from '../test/datasets-helpers.js';
import { runSql } from '../test/executions-helpers.js';
import { MV, select, upsertView } from '../test/matviews-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * What users do with a dataset an operator imported: read it in queries, materialized views and
 * pipelines like any public table; change it, never, whatever the way (SQL, the uploads API, the
 * materialized views API), even a user whose handle is the dataset's schema.
 */

let t: TestServer;
let src: string;
let bob: TestUser;
/** A user whose handle is the dataset's schema: its uploads are dune.imp_use.<table>. */
let namesake: TestUser;
const cli = adminCli(() => t.dir);

const NAME = 'imp_use.transfers';
const count = async (key: string) =>
  (await select(t, key, `SELECT count(*) AS n FROM ${NAME}`)).rows?.[0]?.n;

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-imported-use-'));
  await writeDays(src, ['2026-11-01', '2026-11-02'], 3);
  bob = await t.createUser('imp_bob');
  namesake = await t.createUser('imp_use');
  const r = await cli.run('import-dataset', NAME, src, '--hive');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

describe('an imported dataset in use', { timeout: 60_000 }, () => {
  it('cannot be changed by SQL: writes fail and the rows stay', async () => {
    for (const sql of [
      `INSERT INTO ${NAME} SELECT * FROM ${NAME}`,
      `DELETE FROM ${NAME}`,
      `UPDATE ${NAME} SET amount = 0`,
      `DROP TABLE ${NAME}`,
      `CREATE OR REPLACE TABLE ${NAME} AS SELECT 1 AS x`,
      `ALTER TABLE ${NAME} ADD COLUMN y INTEGER`,
    ]) {
      const run = await runSql(t, namesake.key, sql);
      expect(run.status.state, sql).toBe('QUERY_STATE_FAILED');
      expect(run.status.error.message, sql).toMatch(/only read statements/);
    }
    expect(await count(bob.key)).toBe(6);
  });

  it('cannot be changed through the uploads API, even by the user named like its schema', async () => {
    const csv = { contentType: 'text/csv', body: 'id,hash,amount\n9,x,1\n' };
    const insert = `/api/v1/uploads/imp_use/transfers/insert`;
    // uploads are dune.<handle>.<table>: no context has an upload of that name to change
    for (const key of [bob.key, namesake.key])
      for (const [method, url] of [
        ['POST', insert],
        ['POST', '/api/v1/uploads/imp_use/transfers/clear'],
        ['DELETE', '/api/v1/uploads/imp_use/transfers'],
      ] as const) {
        const r = await t.call(method, url, { key, raw: csv });
        expect(r.status, url).toBe(404);
        expect(r.json.error).toEqual(expect.any(String));
      }
    // an upload of that name is the namesake's own table, beside the dataset
    const created = await t.call('POST', '/api/v1/uploads', {
      key: namesake.key,
      body: {
        namespace: 'imp_use',
        table_name: 'transfers',
        schema: [{ name: 'id', type: 'bigint' }],
      },
    });
    expect(created.status, created.text).toBe(200);
    const ins = await t.call('POST', insert, { key: namesake.key, raw: csv });
    expect(ins.status, ins.text).toBe(400); // hash and amount are not its columns
    const ok = await t.call('POST', insert, {
      key: namesake.key,
      raw: { contentType: 'text/csv', body: 'id\n9\n' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await count(namesake.key)).toBe(6);
    const own = await select(t, namesake.key, 'SELECT id FROM dune.imp_use.transfers');
    expect(own.rows).toEqual([{ id: 9 }]);
    const ds = await t.call('GET', `/api/v1/datasets/${NAME}`, { key: namesake.key });
    expect(ds.json).toMatchObject({ type: 'dune_table', owner: { handle: 'dune' } });
  });

  it('cannot be made, refreshed or removed as a materialized view', async () => {
    const q = await createQuery(t, bob.key, 'SELECT 1 AS id');
    const upsert = await t.call('POST', MV, { key: bob.key, body: { name: NAME, query_id: q } });
    expect(upsert.status).toBe(400);
    expect(upsert.json.error).toMatch(/invalid name/);
    for (const [method, url] of [
      ['POST', `${MV}/${NAME}/refresh`],
      ['DELETE', `${MV}/${NAME}`],
      ['GET', `${MV}/${NAME}`],
    ] as const) {
      const r = await t.call(method, url, { key: bob.key });
      expect(r.status, url).toBe(404);
      expect(r.json.error).toEqual(expect.any(String));
    }
    expect(await count(bob.key)).toBe(6);
  });

  it('feeds materialized views and pipelines like any public table', async () => {
    const daily = await createQuery(
      t,
      bob.key,
      `SELECT block_date, count(*) AS n FROM ${NAME} GROUP BY block_date ORDER BY block_date`,
    );
    const view = await upsertView(t, bob.key, { name: 'result_daily', query_id: daily });
    expect(view.status.state).toBe('QUERY_STATE_COMPLETED');
    expect((await select(t, bob.key, 'SELECT * FROM dune.imp_bob.result_daily')).rows).toEqual([
      { block_date: '2026-11-01', n: 3 },
      { block_date: '2026-11-02', n: 3 },
    ]);
    const reader = await createQuery(
      t,
      bob.key,
      `SELECT sum(d.n) AS n, (SELECT count(*) FROM ${NAME}) AS rows FROM dune.imp_bob.result_daily d`,
    );
    // the lineage: the view, then the query; the dataset is read as it is
    const lineage = await t.call('GET', `/api/v1/query/${reader}/pipeline`, { key: bob.key });
    expect(lineage.status, lineage.text).toBe(200);
    expect(lineage.json.pipeline.nodes).toEqual([
      {
        id: 1,
        dependencies: [],
        materialized_view_refresh: { name: 'dune.imp_bob.result_daily', performance: 'medium' },
      },
      { id: 2, dependencies: [1], query_execution: { query_id: reader, performance: 'medium' } },
    ]);
    const done = await runPipeline(t, bob.key, lineage.json.pipeline.nodes);
    expect(done.status, JSON.stringify(done)).toBe('completed');
  });
});
