import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeText } from '../test/datasets-helpers.js';
import { adminCli } from '../test/admin-cli.js';

let root: string;
let dataDir: string;
let src: string;

const HEADER = 'block_number,tx_hash,token,amount\n';
/** One day of transfers as a CSV, `n` rows from block `from`. */
const day = (from: number, n: number) =>
  HEADER +
  Array.from(
    { length: n },
    (_, i) => `${from + i},0x${(from + i).toString(16)}ab,usdc,${i + 1}\n`,
  ).join('');

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-datasets-dup-'));
  dataDir = path.join(root, 'data');
  src = path.join(root, 'src');
  writeText(path.join(src, 'transfers', 'day-01.csv'), day(18_000_000, 5));
  writeText(path.join(src, 'daily', 'day-02.csv'), day(18_007_200, 4));
  // the same export again under another name, as a retried job writes it
  writeText(path.join(src, 'retry', 'day-02-retry.csv'), day(18_007_200, 4));
  writeText(path.join(src, 'quiet', 'day-03.csv'), HEADER);
  writeText(path.join(src, 'quiet', 'day-04.csv'), HEADER);
  writeText(path.join(src, 'twice', 'a.csv'), day(18_014_400, 2));
  writeText(path.join(src, 'twice', 'b.csv'), day(18_014_400, 2));
  // one file for two days of a partitioned table: other rows (the day is a column)
  for (const d of ['2026-11-01', '2026-11-02'])
    writeText(path.join(src, 'hive', `block_date=${d}`, 'part-0.csv'), day(18_021_600, 3));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const { run, table, catalogState } = adminCli(() => dataDir);

describe('appending the same file twice', { timeout: 60_000 }, () => {
  it('is refused, naming the earlier append; --allow-duplicate appends it', async () => {
    expect((await run('import-dataset', 'tok.transfers', path.join(src, 'transfers'))).err).toBe(
      '',
    );
    const daily = path.join(src, 'daily', 'day-02.csv');
    const first = await run('append-dataset', 'tok.transfers', daily);
    expect(first.err).toBe('');
    expect((await table('tok', 'transfers'))!.row_count).toBe(9);

    const before = await catalogState();
    // the cron job retried: the same file, then the same content under another name
    for (const again of [daily, path.join(src, 'retry', 'day-02-retry.csv')]) {
      const r = await run('append-dataset', 'tok.transfers', again);
      expect(r.code, again).toBe(1);
      expect(r.err, again).toContain(
        `${again} has the same content as ${daily}, whose rows were added to the table at `,
      );
      expect(r.err, again).toMatch(
        /added to the table at \d{4}-\d\d-\d\dT[\d:.]+Z; nothing was added; --allow-duplicate adds it anyway/,
      );
    }
    // and the file the table was imported from
    const imported = path.join(src, 'transfers', 'day-01.csv');
    expect((await run('append-dataset', 'tok.transfers', imported)).err).toContain(
      `same content as ${imported}`,
    );
    expect(await catalogState()).toEqual(before);
    expect((await table('tok', 'transfers'))!.row_count).toBe(9);

    const forced = await run('append-dataset', 'tok.transfers', daily, '--allow-duplicate');
    expect(forced.err).toBe('');
    expect(forced.out).toMatch(/appended 4 rows to tok\.transfers: 13 rows/);
  });

  it('lets files without rows repeat, and refuses one content twice in one source', async () => {
    const quiet = await run('append-dataset', 'tok.transfers', path.join(src, 'quiet'));
    expect(quiet.err).toBe('');
    expect((await table('tok', 'transfers'))!.row_count).toBe(13);
    const before = await catalogState();
    const twice = await run('append-dataset', 'tok.transfers', path.join(src, 'twice'));
    expect(twice.code).toBe(1);
    expect(twice.err).toContain(
      `${path.join(src, 'twice', 'b.csv')} has the same content as ${path.join(src, 'twice', 'a.csv')}, given twice in this source`,
    );
    expect(await catalogState()).toEqual(before);
    const imported = await run('import-dataset', 'tok.twice', path.join(src, 'twice'));
    expect(imported.code).toBe(1);
    expect(imported.err).toContain('given twice in this source');
    expect(
      (await run('import-dataset', 'tok.twice', path.join(src, 'twice'), '--allow-duplicate')).err,
    ).toBe('');
    expect((await table('tok', 'twice'))!.row_count).toBe(4);
  });

  it("takes one file in two days' folders of a partitioned table as two days", async () => {
    const r = await run('import-dataset', 'tok.daily', path.join(src, 'hive'), '--hive');
    expect(r.err).toBe('');
    expect((await table('tok', 'daily'))!.row_count).toBe(6);
    const again = await run(
      'append-dataset',
      'tok.daily',
      path.join(src, 'hive', 'block_date=2026-11-02'),
    );
    expect(again.code).toBe(1);
    expect(again.err).toContain('has the same content as');
  });
});
