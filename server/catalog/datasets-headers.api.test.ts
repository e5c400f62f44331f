import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../test/admin-cli.js';
import { writeParquet, writeText } from '../test/datasets-helpers.js';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';

/**
 * Spreadsheet exports name columns as people read them (`City Name`, `Cost Total $`). Imports
 * name them as the CSV upload does (contract/rules/names.ts: cleanColumnNames), keep the header
 * as the column's description, and take the same export again on append, as do tables imported
 * before names were cleaned. Issue 31, finding 5.
 */

let t: TestServer;
let src: string;
let bob: Awaited<ReturnType<TestServer['createUser']>>;

const HEADER = 'City Name,Cost Total $,city_name_2,7days';

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dataset-headers-'));
  writeText(path.join(src, 'offices-1.csv'), `${HEADER}\nParis,12,Lyon,1\nOslo,7,Bergen,2\n`);
  writeText(path.join(src, 'offices-2.csv'), `${HEADER}\nRome,30,Milan,3\n`);
  writeText(
    path.join(src, 'offices-1.ndjson'),
    '{"City Name":"Paris","Cost Total $":12.5,"n v":1}\n{"City Name":"Oslo","Cost Total $":7,"n v":2}\n',
  );
  writeText(path.join(src, 'offices-2.ndjson'), '{"City Name":"Rome","Cost Total $":30,"n v":3}\n');
  await writeParquet(
    path.join(src, 'offices.parquet'),
    `SELECT 'Paris' AS "City Name", 12.5::DOUBLE AS "Cost Total $"`,
  );
  bob = await t.createUser('bob');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

const cli = () => adminCli(() => t.dir);

async function ok(...args: string[]) {
  const r = await cli().run(...args);
  expect(r.err, args.join(' ')).toBe('');
  expect(r.code).toBe(0);
  return r.out;
}

/** The rows of a query run through the API. */
async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const run = await runSql(t, bob.key, sql);
  expect(run.status.state, `${sql}: ${JSON.stringify(run.status.error)}`).toBe(
    'QUERY_STATE_COMPLETED',
  );
  const page = await t.call('GET', `/api/v1/execution/${run.id}/results`, { key: bob.key });
  return page.json.result.rows as Record<string, unknown>[];
}

/** A dataset's columns as GET /datasets/{slug} shows them: name, type, description. */
async function columns(name: string): Promise<string[][]> {
  const ds = await t.call('GET', `/api/v1/datasets/${name}`, { key: bob.key });
  expect(ds.status).toBe(200);
  return (
    ds.json.columns as { name: string; type: string; metadata: { description: string } }[]
  ).map((c) => [c.name, c.type, c.metadata.description]);
}

describe('headers with spaces in imported datasets', { timeout: 60_000 }, () => {
  it('become the clean names the upload gives, the header kept as the description', async () => {
    await ok(
      'import-dataset',
      'sheets.offices',
      path.join(src, 'offices-1.csv'),
      // --types and --column may name a column as written or as cleaned
      '--types',
      '7days=varchar,cost_total=double',
      '--column',
      'Cost Total $=Total cost, in euros',
    );
    expect(await columns('sheets.offices')).toEqual([
      ['city_name', 'VARCHAR', 'City Name'],
      // a doc given wins over the header
      ['cost_total', 'DOUBLE', 'Total cost, in euros'],
      ['city_name_2', 'VARCHAR', ''],
      // a leading digit gets "_" before it, as in the upload
      ['_7days', 'VARCHAR', '7days'],
    ]);
    expect(
      await rows(
        'SELECT city_name, cost_total, city_name_2, _7days FROM sheets.offices ORDER BY city_name',
      ),
    ).toEqual([
      { city_name: 'Oslo', cost_total: 7, city_name_2: 'Bergen', _7days: '2' },
      { city_name: 'Paris', cost_total: 12, city_name_2: 'Lyon', _7days: '1' },
    ]);
  });

  it('take the same export again on append, keeping the descriptions', async () => {
    const out = await ok('append-dataset', 'sheets.offices', path.join(src, 'offices-2.csv'));
    expect(out).toMatch(/^appended 1 rows to sheets\.offices: 3 rows/);
    expect(await rows('SELECT city_name, _7days FROM sheets.offices ORDER BY city_name')).toEqual([
      { city_name: 'Oslo', _7days: '2' },
      { city_name: 'Paris', _7days: '1' },
      { city_name: 'Rome', _7days: '3' },
    ]);
    expect((await columns('sheets.offices')).map((c) => c[2])).toEqual([
      'City Name',
      'Total cost, in euros',
      '',
      '7days',
    ]);
  });

  it('append by the clean names too', async () => {
    writeText(
      path.join(src, 'offices-clean.csv'),
      'city_name,cost_total,city_name_2,_7days\nWien,4,Graz,4\n',
    );
    await ok('append-dataset', 'sheets.offices', path.join(src, 'offices-clean.csv'));
    expect(await rows('SELECT count(*) AS n FROM sheets.offices')).toEqual([{ n: 4 }]);
  });

  it('from NDJSON keys are cleaned the same way, and appended again', async () => {
    await ok('import-dataset', 'sheets.offices_json', path.join(src, 'offices-1.ndjson'));
    expect(await columns('sheets.offices_json')).toEqual([
      ['city_name', 'VARCHAR', 'City Name'],
      ['cost_total', 'DOUBLE', 'Cost Total $'],
      ['n_v', 'BIGINT', 'n v'],
    ]);
    await ok('append-dataset', 'sheets.offices_json', path.join(src, 'offices-2.ndjson'));
    expect(
      await rows('SELECT city_name, cost_total, n_v FROM sheets.offices_json ORDER BY n_v'),
    ).toEqual([
      { city_name: 'Paris', cost_total: 12.5, n_v: 1 },
      { city_name: 'Oslo', cost_total: 7, n_v: 2 },
      { city_name: 'Rome', cost_total: 30, n_v: 3 },
    ]);
  });

  it('from Parquet are cleaned when copied, kept as written when linked', async () => {
    await ok('import-dataset', 'sheets.offices_pq', path.join(src, 'offices.parquet'));
    expect(await columns('sheets.offices_pq')).toEqual([
      ['city_name', 'VARCHAR', 'City Name'],
      ['cost_total', 'DOUBLE', 'Cost Total $'],
    ]);
    expect(await rows('SELECT city_name FROM sheets.offices_pq')).toEqual([{ city_name: 'Paris' }]);
    // queries read linked files as they are: renaming would need a copy
    await ok(
      'import-dataset',
      'sheets.offices_linked',
      path.join(src, 'offices.parquet'),
      '--link',
    );
    expect((await columns('sheets.offices_linked')).map((c) => c[0])).toEqual([
      'City Name',
      'Cost Total $',
    ]);
    expect(await rows('SELECT "City Name" AS c FROM sheets.offices_linked')).toEqual([
      { c: 'Paris' },
    ]);
  });

  it('keep the integer rule and partition keys under cleaned names', async () => {
    const wei = '7786596450288373164569331648084';
    writeText(
      path.join(src, 'hive', 'day=2026-11-01', 'part-0.csv'),
      `Value Wei,Method Id,Block Number\n${wei},7,1\n42,0x1f,2\n`,
    );
    writeText(
      path.join(src, 'hive', 'day=2026-11-02', 'part-0.csv'),
      'Value Wei,Method Id,Block Number\n5,8,3\n',
    );
    await ok('import-dataset', 'sheets.transfers', path.join(src, 'hive'), '--hive');
    expect(await columns('sheets.transfers')).toEqual([
      ['value_wei', 'uint256', 'Value Wei'],
      // DuckDB reads 0x1f as 31: the column stays text
      ['method_id', 'VARCHAR', 'Method Id'],
      ['block_number', 'BIGINT', 'Block Number'],
      ['day', 'DATE', ''],
    ]);
    expect(
      await rows(
        "SELECT value_wei, method_id FROM sheets.transfers WHERE day = DATE '2026-11-01' ORDER BY block_number",
      ),
    ).toEqual([
      { value_wei: wei, method_id: '7' },
      { value_wei: '42', method_id: '0x1f' },
    ]);
  });

  it('append to a table imported before names were cleaned, by the header as written', async () => {
    // such a table's columns kept the header as written (what import-dataset wrote until now)
    await t.deps.lake.publish(
      {
        schema: 'legacy',
        table: 'offices',
        ownerId: null,
        kind: 'dataset',
        datasetType: 'dune_table',
        metadata: { source: path.join(src, 'old.csv') },
      },
      (dir) =>
        writeParquet(
          path.join(dir, 'old.parquet'),
          `SELECT 'Paris' AS "City Name", 12::BIGINT AS "Cost Total $", 'Lyon' AS city_name_2, 1::BIGINT AS "7days"`,
        ),
    );
    await ok('append-dataset', 'legacy.offices', path.join(src, 'offices-2.csv'));
    expect((await columns('legacy.offices')).map((c) => c[0])).toEqual([
      'City Name',
      'Cost Total $',
      'city_name_2',
      '7days',
    ]);
    expect(
      await rows('SELECT "City Name" AS c, "7days" AS d FROM legacy.offices ORDER BY 1'),
    ).toEqual([
      { c: 'Paris', d: 1 },
      { c: 'Rome', d: 3 },
    ]);
  });

  it('a manifest may name columns as written, and a second sync changes nothing', async () => {
    const manifest = path.join(src, 'datasets.yaml');
    writeText(
      manifest,
      [
        'datasets:',
        '  - name: sheets.offices_sync',
        '    source: offices-1.csv',
        '    columns:',
        '      "Cost Total $": Total cost, in euros',
        '    types:',
        '      "7days": varchar',
      ].join('\n'),
    );
    expect(await ok('sync-datasets', manifest)).toMatch(/^imported sheets\.offices_sync: 2 rows/);
    expect(await columns('sheets.offices_sync')).toEqual([
      ['city_name', 'VARCHAR', 'City Name'],
      ['cost_total', 'BIGINT', 'Total cost, in euros'],
      ['city_name_2', 'VARCHAR', ''],
      ['_7days', 'VARCHAR', '7days'],
    ]);
    expect(await ok('sync-datasets', manifest)).toBe('sheets.offices_sync: unchanged');
  });
});
