import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetSyncScheduler } from '../catalog/dataset-sync-scheduler.js';
import { DatasetSyncsRepo } from '../catalog/dataset-syncs-repo.js';
import { DatasetsAdmin } from '../catalog/datasets-admin.js';
import { DatasetsSync } from '../catalog/datasets-sync.js';
import { TrustedDuck } from '../engine/duck.js';
import { Lake } from '../lake/lake.js';
import { RetiredSnapshots } from '../lake/retired-snapshots.js';
import { openDb } from '../store/db.js';
import { sqliteStore } from '../store/store.js';
import { adminCli } from '../test/admin-cli.js';
import { daySelect, writeDays, writeParquet, writeText } from '../test/datasets-helpers.js';

let root: string;
let dataDir: string;
let src: string;
const { run, table, catalogState } = adminCli(() => dataDir);

/** Writes a manifest (YAML text) next to the sources and returns its path. */
function manifest(name: string, text: string): string {
  const file = path.join(src, name);
  fs.writeFileSync(file, text);
  return file;
}

const MAIN = `
datasets:
  - name: eth.transactions
    source: tx
    hive: true
    description: Transactions on **Ethereum**
    blockchains: [ethereum]
    columns:
      amount: Value moved, in ETH
    schedule: "0 * * * *"
  - name: shop.prices
    source: prices
    format: csv
  - name: eth.linked
    source: linked/*.parquet
    link: true
`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-sync-'));
  dataDir = path.join(root, 'data');
  src = path.join(root, 'src');
  await writeDays(path.join(src, 'tx'), ['2026-11-01', '2026-11-02'], 10);
  writeText(path.join(src, 'prices', 'a.csv'), 'id,name,price\n1,apple,1.5\n2,pear,2\n');
  await writeParquet(path.join(src, 'linked', 'one.parquet'), daySelect(3));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('sync-datasets', { timeout: 90_000 }, () => {
  it('imports what a manifest declares, and a second run changes nothing', async () => {
    const file = manifest('main.yaml', MAIN);
    const first = await run('sync-datasets', file);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/imported eth\.transactions: 20 rows/);
    expect(first.out).toMatch(
      /eth\.transactions: new files appended on "0 \* \* \* \*" \(UTC\), next at 20/,
    );
    expect(first.out).toMatch(/imported shop\.prices: 2 rows/);
    expect(first.out).toMatch(/imported eth\.linked: 3 rows/);
    const tx = await table('eth', 'transactions');
    expect(tx).toMatchObject({
      description: 'Transactions on **Ethereum**',
      blockchains: ['ethereum'],
    });
    expect(tx!.metadata).toMatchObject({ hive: true, partitions: 2, source: path.join(src, 'tx') });
    expect(tx!.columns.find((c) => c.name === 'amount')!.description).toBe('Value moved, in ETH');
    expect((await table('eth', 'linked'))!.metadata.linked).toBe(true);

    const before = await catalogState();
    const second = await run('sync-datasets', file);
    expect(second.code).toBe(0);
    expect(second.out.split('\n')).toEqual([
      'eth.transactions: unchanged',
      'shop.prices: unchanged',
      'eth.linked: unchanged',
    ]);
    expect(await catalogState()).toEqual(before);
    expect((await table('eth', 'transactions'))!.updated_at).toBe(tx!.updated_at);
  });

  it('appends only the files that are new, and says when a read file changed', async () => {
    const file = manifest('main.yaml', MAIN);
    await writeDays(path.join(src, 'tx-new'), ['2026-11-03'], 7);
    fs.renameSync(
      path.join(src, 'tx-new', 'block_date=2026-11-03'),
      path.join(src, 'tx', 'block_date=2026-11-03'),
    );
    writeText(path.join(src, 'prices', 'b.csv'), 'id,name,price\n3,plum,0.5\n');
    await writeParquet(path.join(src, 'linked', 'two.parquet'), daySelect(2, 3));
    const r = await run('sync-datasets', file);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/appended 7 rows from 1 new file\(s\) to eth\.transactions/);
    expect(r.out).toMatch(/appended 1 rows from 1 new file\(s\) to shop\.prices/);
    expect(r.out).toMatch(/appended 2 rows from 1 new file\(s\) to eth\.linked/);
    expect((await table('eth', 'transactions'))!).toMatchObject({
      row_count: 27,
      metadata: { partitions: 3 },
    });

    // a file already read that changes is reported, never read twice
    const a = path.join(src, 'prices', 'a.csv');
    fs.writeFileSync(a, 'id,name,price\n1,apple,1.5\n2,pear,2\n9,extra,9\n');
    fs.utimesSync(a, new Date(), new Date(Date.now() + 60_000));
    const again = await run('sync-datasets', file);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      `shop.prices: ${a} changed after it was read; it is not read again`,
    );
    expect((await table('shop', 'prices'))!.row_count).toBe(3);
  });

  it('updates docs without touching the data, and removes a schedule the manifest drops', async () => {
    const before = await table('eth', 'transactions');
    const file = manifest(
      'docs.yaml',
      MAIN.replace('Transactions on **Ethereum**', 'All transactions').replace(
        '    schedule: "0 * * * *"\n',
        '',
      ),
    );
    const r = await run('sync-datasets', file);
    expect(r.err).toBe('');
    expect(r.out).toContain('documented eth.transactions');
    expect(r.out).toContain('eth.transactions: schedule removed');
    const after = await table('eth', 'transactions');
    expect(after).toMatchObject({ description: 'All transactions', snapshot: before!.snapshot });
  });

  it.each([
    [
      'partitioning',
      MAIN.replace('    hive: true\n', ''),
      /eth\.transactions is partitioned, but the manifest says hive: false/,
    ],
    [
      'linking',
      MAIN.replace('    link: true\n', ''),
      /eth\.linked is linked, but the manifest says link: false/,
    ],
    [
      'source',
      MAIN.replace('source: prices', 'source: prices2'),
      /shop\.prices was imported from .*prices, but the manifest says .*prices2/,
    ],
  ])(
    'refuses a table whose %s differs from the manifest, and syncs the others',
    async (_what, text, message) => {
      fs.mkdirSync(path.join(src, 'prices2'), { recursive: true });
      writeText(path.join(src, 'prices2', 'x.csv'), 'id,name,price\n1,a,1\n');
      const before = await catalogState();
      const r = await run('sync-datasets', manifest('differs.yaml', text));
      expect(r.code).toBe(1);
      expect(r.out).toMatch(message);
      expect(r.err).toMatch(/error: 1 of 3 dataset\(s\) failed: .*; the others are synced/);
      expect(await catalogState()).toEqual(before);
    },
  );

  it('refuses a manifest with two sources for one name before changing anything', async () => {
    const before = await catalogState();
    const r = await run(
      'sync-datasets',
      manifest(
        'twice.yaml',
        `${MAIN}\n  - {name: new.one, source: prices}\n  - {name: NEW.one, source: tx}\n`,
      ),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/two sources for one name: NEW\.one is declared by datasets\[3\]/);
    expect(r.out).toBe('');
    expect(await catalogState()).toEqual(before);
  });

  it('registers nothing for a dataset whose column docs name a column it has not', async () => {
    const before = await catalogState();
    const r = await run(
      'sync-datasets',
      manifest(
        'bad-doc.yaml',
        'datasets:\n  - {name: new.prices, source: prices, columns: {colour: x}}\n',
      ),
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/new\.prices: failed: new\.prices has no column "colour"/);
    expect(await catalogState()).toEqual(before);
  });

  it('refuses a missing manifest, and a missing source naming it', async () => {
    const missing = await run('sync-datasets', path.join(src, 'nope.yaml'));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/no such manifest: .*nope\.yaml/);
    const r = await run(
      'sync-datasets',
      manifest('gone.yaml', 'datasets:\n  - {name: new.gone, source: gone}\n'),
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/new\.gone: failed: no such file or folder: .*gone/);
  });
});

describe('scheduled dataset syncs', { timeout: 90_000 }, () => {
  it('appends new files on each due slot, once per slot, and keeps what it did', async () => {
    const file = manifest(
      'scheduled.yaml',
      'datasets:\n  - {name: sched.prices, source: sched, schedule: "*/10 * * * *"}\n',
    );
    writeText(path.join(src, 'sched', 'a.csv'), 'id,name,price\n1,apple,1.5\n');
    expect((await run('sync-datasets', file)).code).toBe(0);

    const db = openDb(dataDir);
    const store = sqliteStore(db);
    const duck = await TrustedDuck.forDataDir(dataDir);
    const lake = new Lake(store, dataDir, duck);
    const retired = new RetiredSnapshots(lake.repo, lake.root);
    try {
      const admin = new DatasetsAdmin({ lake, duck, dataDir, retired });
      const syncs = new DatasetSyncsRepo(store);
      const scheduler = new DatasetSyncScheduler(syncs, new DatasetsSync({ admin, duck, syncs }));
      const t = (await table('sched', 'prices'))!;
      const slot = (await syncs.get(t.id))!.nextSyncAt!;
      // the syncs of this table (the tests above leave an hourly one on eth.transactions)
      const tickOf = async (now: Date) =>
        (await scheduler.tick(now)).filter((x) => x.name === 'sched.prices');

      expect(await tickOf(new Date(Date.parse(slot) - 1000))).toEqual([]);
      writeText(path.join(src, 'sched', 'b.csv'), 'id,name,price\n2,pear,2\n3,plum,3\n');
      const at = new Date(Date.parse(slot) + 1000);
      expect(await tickOf(at)).toEqual([
        {
          name: 'sched.prices',
          outcome: 'appended 2 rows from 1 new file(s) to sched.prices',
          ok: true,
        },
      ]);
      expect(await tickOf(at)).toEqual([]); // the slot is taken
      expect((await table('sched', 'prices'))!.row_count).toBe(3);
      const after = (await syncs.get(t.id))!;
      expect(after.nextSyncAt).toBe(new Date(Date.parse(slot) + 10 * 60_000).toISOString());
      expect(after.lastOutcome).toBe('appended 2 rows from 1 new file(s) to sched.prices');

      // a failure is kept with the sync, and the next slot still comes
      fs.rmSync(path.join(src, 'sched'), { recursive: true });
      const later = new Date(Date.parse(after.nextSyncAt!) + 1000);
      const [failed] = await tickOf(later);
      expect(failed).toMatchObject({
        ok: false,
        outcome: expect.stringMatching(/^failed: no such file or folder/),
      });
      expect((await syncs.get(t.id))!.lastOutcome).toMatch(/^failed: no such file or folder/);

      // dropping the dataset drops its schedule
      expect((await run('drop-dataset', 'sched.prices')).code).toBe(0);
      expect(await syncs.get(t.id)).toBeUndefined();
    } finally {
      retired.close();
      duck.close();
      db.close();
    }
  });
});
