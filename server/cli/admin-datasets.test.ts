import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedDuck } from '../engine/duck.js';
import { filesUnder } from '../engine/parquet-stats.js';
import { Lake } from '../lake/lake.js';
import { openDb } from '../store/db.js';
import { sqliteStore } from '../store/store.js';
import { writeDays, writeParquet, writeText, daySelect } from '../test/datasets-helpers.js';
import { formatBytes } from '../../shared/format/bytes.js';
import { adminCli } from '../test/admin-cli.js';

let root: string;
let dataDir: string;
let src: string;
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-datasets-'));
  dataDir = path.join(root, 'data');
  src = path.join(root, 'src');
  await writeDays(path.join(src, 'tx'), DAYS, 10);
  await writeDays(path.join(src, 'day4'), ['2026-11-04'], 5);
  await writeParquet(
    path.join(src, 'wrong-column', 'block_date=2026-11-05', 'part-0.parquet'),
    "SELECT 1::BIGINT AS id, 2::DOUBLE AS amount, 3 AS fee, 'h' AS hash",
  );
  await writeParquet(
    path.join(src, 'wrong-type', 'block_date=2026-11-05', 'part-0.parquet'),
    "SELECT 'x' AS id, 'h' AS hash, 2::DOUBLE AS amount",
  );
  writeText(path.join(src, 'csv', 'a.csv'), 'id,name,price\n1,apple,1.5\n2,pear,2\n');
  writeText(path.join(src, 'csv', 'b.csv'), 'id,name,price\n3,plum,0.5\n');
  writeText(path.join(src, 'csv-more', 'c.csv'), 'id,name,price\n4,fig,3\n');
  writeText(path.join(src, 'csv-bad', 'd.csv'), 'id,name,colour\n5,kiwi,green\n');
  writeText(path.join(src, 'events.ndjson'), '{"id":1,"kind":"a"}\n{"id":2,"kind":"b"}\n');
  writeText(path.join(src, 'fake.parquet'), 'id,name\n1,x\n');
  fs.mkdirSync(path.join(src, 'empty', 'nested'), { recursive: true });
  writeText(path.join(src, 'empty', '_SUCCESS'), '');
  await writeParquet(path.join(src, 'flat', 'one.parquet'), daySelect(4));
  await writeParquet(path.join(src, 'flat', 'two.parquet'), daySelect(6, 4));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const { run, table, catalogState } = adminCli(() => dataDir);

describe('dataset admin commands', { timeout: 60_000 }, () => {
  it('imports a hive-partitioned folder, keeps its partitions, appends a new day', async () => {
    const r = await run(
      'import-dataset',
      'eth.transactions',
      path.join(src, 'tx'),
      '--hive',
      '--description',
      'Transactions on **ethereum**',
      '--blockchain',
      'ethereum',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/imported eth\.transactions: 30 rows, .*3 partitions by block_date/);
    const t = (await table('eth', 'transactions'))!;
    // the size as the dataset's page prints it (shared/format/bytes.ts), in the docs' units
    expect(r.out).toContain(`30 rows, ${formatBytes(t.size_bytes)}, copied`);
    expect(formatBytes(t.size_bytes)).toMatch(/^\d+(\.\d)? KiB$/);
    // a first import is no append
    expect(Date.parse(t.metadata.imported_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(t.metadata).not.toHaveProperty('appended_at');
    expect((await run('list-datasets')).out).toMatch(
      /^eth\.transactions {2}30 rows {2}\d+(\.\d)? KiB {2}3 partitions {2}imported \S+ {2}last append - {2}copied$/m,
    );
    expect(t).toMatchObject({
      kind: 'dataset',
      owner_id: null,
      is_private: false,
      description: 'Transactions on **ethereum**',
      blockchains: ['ethereum'],
      row_count: 30,
    });
    expect(t.metadata).toMatchObject({
      hive: true,
      partition_columns: ['block_date'],
      partitions: 3,
    });
    expect(t.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'id BIGINT',
      'hash VARCHAR',
      'amount DOUBLE',
      'block_date DATE',
    ]);
    const first = path.join(dataDir, 'lake', t.snapshot!);
    expect(fs.readdirSync(first).sort()).toEqual([
      '_sources.json',
      ...DAYS.map((d) => `block_date=${d}`),
    ]);

    const appended = await run('append-dataset', 'eth.transactions', path.join(src, 'day4'));
    expect(appended.err).toBe('');
    expect(appended.out).toMatch(/appended 5 rows to eth\.transactions: 35 rows.*4 partitions/);
    const after = (await table('eth', 'transactions'))!;
    expect(after.row_count).toBe(35);
    expect(after.metadata.partitions).toBe(4);
    expect(Date.parse(after.metadata.appended_at as string)).toBeGreaterThanOrEqual(
      Date.parse(t.metadata.imported_at as string),
    );
    expect(after.metadata.imported_at).toBe(t.metadata.imported_at);
    expect(fs.existsSync(first)).toBe(false); // retired: no execution could read it
    const listed = await run('list-datasets');
    expect(listed.out).toMatch(
      /^eth\.transactions {2}35 rows {2}\S+ \S+ {2}4 partitions {2}imported \S+ {2}last append 20\S+ {2}copied$/m,
    );
  });

  it('refuses an appended file whose columns do not fit, naming the file and the column', async () => {
    const before = await catalogState();
    const extra = await run('append-dataset', 'eth.transactions', path.join(src, 'wrong-column'));
    expect(extra.code).toBe(1);
    expect(extra.err).toMatch(/wrong-column\/block_date=2026-11-05\/part-0\.parquet/);
    expect(extra.err).toMatch(/has no column "hash"|column "fee" is not in the table/);
    const typed = await run('append-dataset', 'eth.transactions', path.join(src, 'wrong-type'));
    expect(typed.code).toBe(1);
    expect(typed.err).toMatch(/part-0\.parquet: the column "id" is VARCHAR, the table's is BIGINT/);
    const unpartitioned = await run('append-dataset', 'eth.transactions', path.join(src, 'flat'));
    expect(unpartitioned.code).toBe(1);
    expect(unpartitioned.err).toMatch(
      /one\.parquet is not in block_date=…\/ folders like the table/,
    );
    expect(await catalogState()).toEqual(before);
  });

  it('imports CSV (a folder) and NDJSON (a file) as Parquet; appends CSV by a glob', async () => {
    const csv = await run('import-dataset', 'shop.fruit', path.join(src, 'csv'));
    expect(csv.err).toBe('');
    expect(csv.out).toMatch(/shop\.fruit: 3 rows/);
    const t = (await table('shop', 'fruit'))!;
    expect(t.columns.map((c) => c.name)).toEqual(['id', 'name', 'price']);
    const written = filesUnder(path.join(dataDir, 'lake', t.snapshot!)).map((f) =>
      path.basename(f),
    );
    expect(written.filter((f) => !f.endsWith('.parquet'))).toEqual(['_sources.json']);
    const more = await run('append-dataset', 'shop.fruit', path.join(src, 'csv-more', '*.csv'));
    expect(more.err).toBe('');
    expect((await table('shop', 'fruit'))!.row_count).toBe(4);
    const bad = await run('append-dataset', 'shop.fruit', path.join(src, 'csv-bad'));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/d\.csv has no column "price"/);
    const ndjson = await run('import-dataset', 'app.events', path.join(src, 'events.ndjson'));
    expect(ndjson.err).toBe('');
    expect((await table('app', 'events'))!.columns.map((c) => c.name)).toEqual(['id', 'kind']);
  });

  it('replaces an imported table only with --replace, in one step', async () => {
    const plain = await run('import-dataset', 'shop.fruit', path.join(src, 'flat'));
    expect(plain.code).toBe(1);
    expect(plain.err).toMatch(/shop\.fruit already exists; --replace/);
    const old = (await table('shop', 'fruit'))!;
    const r = await run('import-dataset', 'shop.fruit', path.join(src, 'flat'), '--replace');
    expect(r.err).toBe('');
    const t = (await table('shop', 'fruit'))!;
    expect(t.row_count).toBe(10);
    expect(t.columns.map((c) => c.name)).toEqual(['id', 'hash', 'amount']);
    expect(t.id).toBe(old.id);
    expect(fs.existsSync(path.join(dataDir, 'lake', old.snapshot!))).toBe(false);
  });

  it('import-dataset documents columns, and refuses a doc of a column the data has not', async () => {
    const before = await catalogState();
    const bad = await run(
      'import-dataset',
      'doc.flat',
      path.join(src, 'flat'),
      '--column',
      'colour=x',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/doc\.flat has no column "colour"/);
    expect(await catalogState()).toEqual(before);
    const ok = await run(
      'import-dataset',
      'doc.flat',
      path.join(src, 'flat'),
      '--column',
      'AMOUNT=In *ETH*',
    );
    expect(ok.err).toBe('');
    const t = (await table('doc', 'flat'))!;
    expect(t.columns.find((c) => c.name === 'amount')!.description).toBe('In *ETH*');
    expect((await run('drop-dataset', 'doc.flat')).code).toBe(0);
  });

  it('describe-dataset documents the table and its columns', async () => {
    const r = await run(
      'describe-dataset',
      'eth.transactions',
      '--description',
      'All **transactions**',
      '--column',
      'amount=Value in ETH = 10^18 wei',
      '--column',
      'block_date=Day of the block (UTC)',
    );
    expect(r.err).toBe('');
    expect(r.out).toMatch(/amount DOUBLE: Value in ETH = 10\^18 wei/);
    const t = (await table('eth', 'transactions'))!;
    expect(t.description).toBe('All **transactions**');
    expect(t.columns.find((c) => c.name === 'block_date')!.description).toBe(
      'Day of the block (UTC)',
    );
    expect((await run('describe-dataset', 'eth.transactions', '--column', 'nope=x')).err).toMatch(
      /has no column "nope"/,
    );
    expect((await run('describe-dataset', 'eth.transactions', '--column', 'amount')).err).toMatch(
      /--column takes NAME=TEXT/,
    );
    // the docs survive an append
    await writeDays(path.join(src, 'day6'), ['2026-11-06'], 2);
    expect((await run('append-dataset', 'eth.transactions', path.join(src, 'day6'))).code).toBe(0);
    expect(
      (await table('eth', 'transactions'))!.columns.find((c) => c.name === 'amount')!.description,
    ).toMatch(/ETH/);
  });

  it('each bad input exits 1 naming the problem and leaves the catalog as it was', async () => {
    const before = await catalogState();
    const cases: [string[], RegExp][] = [
      [
        ['import-dataset', 'x.missing', path.join(src, 'nothing-here')],
        /no such file or folder: .*nothing-here/,
      ],
      [['import-dataset', 'x.empty', path.join(src, 'empty')], /the folder .*empty is empty/],
      [['import-dataset', 'x.glob', path.join(src, 'none-*.parquet')], /no file matches/],
      [
        ['import-dataset', 'x.fake', path.join(src, 'fake.parquet')],
        /fake\.parquet is not a readable parquet file/,
      ],
      [
        ['import-dataset', 'x.fake2', path.join(src, 'csv', 'a.csv'), '--format', 'parquet'],
        /the folder|not a readable parquet file/,
      ],
      [
        ['import-dataset', 'x.format', path.join(src, 'csv'), '--format', 'xml'],
        /--format is one of parquet, csv, ndjson/,
      ],
      [
        ['import-dataset', 'transactions', path.join(src, 'flat')],
        /bad dataset name: .*not <schema>\.<table>/,
      ],
      [['import-dataset', 'x.1bad', path.join(src, 'flat')], /bad dataset name/],
      [['import-dataset', 'dune.x', path.join(src, 'flat')], /reserved for uploads/],
      [
        ['import-dataset', 'ethereum.transactions', path.join(src, 'flat')],
        /clashes with a demo table/,
      ],
      [
        ['import-dataset', 'x.nohive', path.join(src, 'flat'), '--hive'],
        /--hive: .* is not in a key=value\/ folder/,
      ],
      [
        ['import-dataset', 'x.inside', path.join(dataDir, 'lake'), '--link'],
        /inside DATA_DIR|is empty/,
      ],
      [
        ['import-dataset', 'x.csvlink', path.join(src, 'csv'), '--link'],
        /--link takes Parquet files only/,
      ],
      [['append-dataset', 'x.absent', path.join(src, 'flat')], /no dataset x\.absent/],
      [['drop-dataset', 'ethereum.blocks'], /no dataset ethereum\.blocks/],
      [['import-dataset', 'x.y'], /takes 2 argument/],
    ];
    for (const [args, message] of cases) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err, args.join(' ')).toMatch(message);
    }
    expect(await catalogState()).toEqual(before);
  });

  it('refuses a name of an upload, and a link to a file inside DATA_DIR', async () => {
    const db = openDb(dataDir);
    const duck = await TrustedDuck.create();
    try {
      const lake = new Lake(sqliteStore(db), dataDir, duck);
      await lake.publish(
        {
          catalog: 'dune',
          schema: 'alice',
          table: 'prices',
          ownerId: null,
          kind: 'upload',
          datasetType: 'uploaded_table',
        },
        (dir) => writeParquet(path.join(dir, 'part.parquet'), 'SELECT 1 AS x'),
      );
    } finally {
      duck.close();
      db.close();
    }
    const before = await catalogState();
    const upload = await run('import-dataset', 'dune.alice.prices', path.join(src, 'flat'));
    expect(upload.code).toBe(1);
    expect(upload.err).toMatch(/dune\.alice\.prices clashes with an uploaded table/);
    const inside = path.join(dataDir, 'own.parquet');
    await writeParquet(inside, 'SELECT 1 AS x');
    const link = await run('import-dataset', 'x.inside', inside, '--link');
    expect(link.code).toBe(1);
    expect(link.err).toMatch(/own\.parquet is inside DATA_DIR/);
    fs.rmSync(inside);
    expect(await catalogState()).toEqual(before);
  });

  it('links files where they are; appends link more; drop leaves them', async () => {
    const r = await run('import-dataset', 'ext.days', path.join(src, 'tx'), '--link', '--hive');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/ext\.days: 30 rows, .*linked, 3 partitions/);
    const t = (await table('ext', 'days'))!;
    expect(fs.readdirSync(path.join(dataDir, 'lake', t.snapshot!))).toEqual([
      '_sources.json',
      'linked.json',
    ]);
    const again = await run(
      'append-dataset',
      'ext.days',
      path.join(src, 'tx', 'b*=2026-11-01', '*.parquet'),
    );
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      /block_date=2026-11-01\/part-0\.parquet is already part of the table/,
    );
    // a day's own folder is a source too
    const day = await run(
      'append-dataset',
      'ext.days',
      path.join(src, 'day4', 'block_date=2026-11-04'),
    );
    expect(day.err).toBe('');
    expect((await table('ext', 'days'))!.row_count).toBe(35);
    const dropped = await run('drop-dataset', 'ext.days');
    expect(dropped.out).toMatch(/linked files are left where they are/);
    expect(await table('ext', 'days')).toBeUndefined();
    expect(fs.existsSync(path.join(src, 'tx', 'block_date=2026-11-01', 'part-0.parquet'))).toBe(
      true,
    );
    expect(fs.existsSync(path.join(dataDir, 'lake', '_', 'ext', 'days'))).toBe(false);
  });

  it('drop-dataset removes an imported table and its files', async () => {
    const t = (await table('app', 'events'))!;
    const dropped = await run('drop-dataset', 'app.events');
    expect(dropped.err).toBe('');
    expect(dropped.code).toBe(0);
    expect(await table('app', 'events')).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'lake', t.snapshot!))).toBe(false);
    expect((await run('drop-dataset', 'app.events')).err).toMatch(/no dataset app\.events/);
  });

  it('help lists the dataset commands', async () => {
    const r = await run('help');
    for (const c of [
      'import-dataset',
      'append-dataset',
      'describe-dataset',
      'drop-dataset',
      'list-datasets',
    ])
      expect(r.out).toContain(c);
  });
});
