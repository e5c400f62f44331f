import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dataset, ListDatasetsResponse } from '../../contract/datasets.js';
import { adminCli } from '../test/admin-cli.js';
import { daySelect, writeDays, writeParquet } from '../test/datasets-helpers.js';
import { select } from '../test/matviews-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * Datasets an operator imported (npm run admin -- import-dataset) are ordinary public datasets
 * of the catalog: listed, read and searched by every context, with their size, partitions, last
 * append and docs, and never the operator's source path.
 */

let t: TestServer;
let src: string;
let ana: TestUser;
let bob: TestUser;
let acme: TestUser;
const cli = adminCli(() => t.dir);

const NAME = 'imp_chain.transfers';
const DESCRIPTION = 'Token **transfers** on the imp chain, one row per zebrafinch.';

async function admin(...args: string[]) {
  const r = await cli.run(...args);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r.out;
}

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-imported-src-'));
  await writeDays(path.join(src, 'transfers'), ['2026-11-01', '2026-11-02', '2026-11-03'], 5);
  await writeParquet(path.join(src, 'linked', 'part-1.parquet'), daySelect(4));
  ana = await t.createUser('imp_ana');
  bob = await t.createUser('imp_bob');
  acme = await t.createTeam('imp_acme', bob);
  await admin(
    'import-dataset',
    NAME,
    path.join(src, 'transfers'),
    '--hive',
    '--description',
    DESCRIPTION,
    '--blockchain',
    'ethereum',
  );
  await admin('describe-dataset', NAME, '--column', 'amount=Value moved, in *wei*');
  await admin('import-dataset', 'imp_chain.linked', path.join(src, 'linked'), '--link');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

const get = (key: string, slug: string) =>
  t.call('GET', `/api/v1/datasets/${encodeURIComponent(slug)}`, { key });

/** Every dataset GET /datasets lists, page by page, as the editor's autocomplete reads them. */
async function listAll(key: string) {
  const all: Dataset[] = [];
  for (;;) {
    const page = await t.callOk(
      ListDatasetsResponse,
      'GET',
      `/api/v1/datasets?limit=1&offset=${all.length}`,
      { key },
    );
    all.push(...page.json.datasets);
    if (page.json.datasets.length === 0 || all.length >= page.json.total) return all;
  }
}

describe('an imported dataset in the catalog', { timeout: 60_000 }, () => {
  it('is listed to every context with its columns: users, read keys and teams', async () => {
    for (const key of [ana.key, ana.readKey, bob.key, acme.key, acme.readKey]) {
      const all = await listAll(key);
      const ds = all.find((d) => d.full_name === NAME);
      expect(ds, key).toMatchObject({
        type: 'dune_table',
        owner: { handle: 'dune', type: 'team' },
        is_private: false,
      });
      // what autocomplete offers: the table and its columns, with their types
      expect(ds!.columns.map((c) => [c.name, c.type])).toEqual([
        ['id', 'BIGINT'],
        ['hash', 'VARCHAR'],
        ['amount', 'DOUBLE'],
        ['block_date', 'DATE'],
      ]);
      expect(all.map((d) => d.full_name)).toContain('imp_chain.linked');
    }
    const builtin = await t.call('GET', '/api/v1/datasets?owner_handle=dune', { key: bob.key });
    expect(builtin.json.datasets.map((d: Dataset) => d.full_name)).toEqual([
      'imp_chain.linked',
      NAME,
    ]);
  });

  it('shows rows, size, partitions, the import time and its docs; never the source path', async () => {
    const r = await get(ana.key, NAME);
    expect(r.status).toBe(200);
    const lake = (await cli.table('imp_chain', 'transfers'))!;
    expect(lake.metadata.source).toBe(path.join(src, 'transfers'));
    expect(r.json.metadata).toEqual({
      description: DESCRIPTION,
      category: 'canonical',
      blockchains: ['ethereum'],
      linked: false,
      partition_columns: ['block_date'],
      partitions: 3,
      imported_at: lake.metadata.imported_at,
      row_count: 15,
      size_bytes: lake.size_bytes,
    });
    expect(lake.size_bytes).toBeGreaterThan(0);
    // a first import is no append: no "last append" until rows are added
    expect(Date.parse(r.json.metadata.imported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(r.json.metadata).not.toHaveProperty('appended_at');
    expect(r.text).not.toContain(src);
    const amount = r.json.columns.find((c: { name: string }) => c.name === 'amount');
    expect(amount.metadata).toEqual({
      description: 'Value moved, in *wei*',
      filtering_column: false,
    });
    // the partition column is a good filter
    const day = r.json.columns.find((c: { name: string }) => c.name === 'block_date');
    expect(day.metadata.filtering_column).toBe(true);
    expect((await get(ana.key, 'IMP_CHAIN.Transfers')).json.full_name).toBe(NAME);
  });

  it('a linked dataset says so, and hides where its files are', async () => {
    const r = await get(bob.key, 'imp_chain.linked');
    expect(r.status).toBe(200);
    expect(r.json.metadata).toMatchObject({ linked: true, row_count: 4 });
    expect(r.json.metadata).not.toHaveProperty('source');
    expect(r.json.metadata).not.toHaveProperty('partitions');
    expect(r.text).not.toContain(src);
    const list = await t.call('GET', '/api/v1/datasets?limit=250', { key: bob.key });
    expect(list.text).not.toContain(src);
  });

  it('an append moves the time of the last append and the counts', async () => {
    const before = (await get(bob.key, NAME)).json.metadata;
    await writeDays(path.join(src, 'transfers'), ['2026-11-04'], 2);
    await admin('append-dataset', NAME, path.join(src, 'transfers', 'block_date=2026-11-04'));
    const after = (await get(bob.key, NAME)).json;
    expect(after.metadata).toMatchObject({ row_count: 17, partitions: 4 });
    expect(after.metadata.size_bytes).toBeGreaterThan(before.size_bytes);
    expect(before).not.toHaveProperty('appended_at');
    expect(Date.parse(after.metadata.appended_at)).toBeGreaterThanOrEqual(
      Date.parse(before.imported_at),
    );
    expect(after.metadata.imported_at).toBe(before.imported_at);
    // the docs survive the append
    expect(after.metadata.description).toBe(DESCRIPTION);
    expect(
      after.columns.find((c: { name: string }) => c.name === 'amount').metadata.description,
    ).toBe('Value moved, in *wei*');
    const rows = await select(t, acme.key, `SELECT count(*) AS n FROM ${NAME}`);
    expect(rows).toEqual({ error: undefined, rows: [{ n: 17 }] });
  });

  it('is found by a word of its description, by every context, without its source', async () => {
    for (const key of [ana.key, bob.readKey, acme.key]) {
      const r = await t.call('POST', '/api/v1/datasets/search', {
        key,
        body: { query: 'zebrafinch', include_metadata: true, include_schema: true },
      });
      expect(r.status).toBe(200);
      expect(r.json.total).toBe(1);
      expect(r.json.results[0]).toMatchObject({
        full_name: NAME,
        owner_scope: 'dune',
        visibility: 'public',
        description: DESCRIPTION,
        blockchains: ['ethereum'],
      });
      // what the editor's table browser lists under it
      expect(r.json.results[0].schema.map((c: { name: string }) => c.name)).toEqual([
        'id',
        'hash',
        'amount',
        'block_date',
      ]);
      expect(r.text).not.toContain(src);
    }
    // by a column's name too, and by its schema
    const byColumn = await t.call('POST', '/api/v1/datasets/search', {
      key: bob.key,
      body: { query: 'imp_chain block_date' },
    });
    expect(byColumn.json.results.map((x: { full_name: string }) => x.full_name)).toEqual([NAME]);
    // it is nobody's own: not among the caller's or its teams' datasets
    for (const owner_scope of ['me', 'team'])
      expect(
        (
          await t.call('POST', '/api/v1/datasets/search', {
            key: acme.key,
            body: { query: 'zebrafinch', owner_scope },
          })
        ).json.total,
      ).toBe(0);
  });

  it('is gone from the catalog once dropped', async () => {
    await admin('drop-dataset', 'imp_chain.linked');
    expect((await get(bob.key, 'imp_chain.linked')).status).toBe(404);
    expect((await listAll(bob.key)).map((d) => d.full_name)).not.toContain('imp_chain.linked');
  });
});
