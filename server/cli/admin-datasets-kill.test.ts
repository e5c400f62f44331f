import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedDuck } from '../engine/duck.js';
import { filesUnder } from '../engine/parquet-stats.js';
import { Lake, type LakeTable } from '../lake/lake.js';
import { openDb } from '../store/db.js';
import { openStore } from '../store/open.js';
import { sqliteStore } from '../store/store.js';
import { daySelect, writeParquet } from '../test/datasets-helpers.js';
import { runAdmin } from './admin.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(ROOT, 'server/cli/admin.ts');
const FILES = 60;

let root: string;
let dataDir: string;
let src: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-datasets-kill-'));
  dataDir = path.join(root, 'data');
  src = path.join(root, 'src');
  for (let i = 0; i < FILES; i++)
    await writeParquet(
      path.join(src, 'many', `f${String(i).padStart(3, '0')}.parquet`),
      daySelect(1000, i * 1000),
    );
  await writeParquet(path.join(src, 'first', 'a.parquet'), daySelect(5));
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function table(): Promise<LakeTable | undefined> {
  const db = openDb(dataDir);
  const duck = await TrustedDuck.create();
  try {
    return await new Lake(sqliteStore(db), dataDir, duck).get('', 'big', 'rows');
  } finally {
    duck.close();
    db.close();
  }
}

const tableDir = () => path.join(dataDir, 'lake', '_', 'big', 'rows');

/**
 * Starts the CLI as a process, waits until it has written a Parquet file into a snapshot
 * folder other than `current` (it is mid-way through copying), and kills it with SIGKILL.
 */
async function killMidway(args: string[], current: string | null): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const writing = () =>
    fs.existsSync(tableDir()) &&
    fs
      .readdirSync(tableDir())
      .map((f) => path.join(tableDir(), f))
      .some((d) => d !== current && fs.statSync(d).isDirectory() && filesUnder(d).length > 0);
  let done = false;
  void exited.then(() => (done = true));
  while (!writing() && !done) await new Promise((r) => setTimeout(r, 5));
  child.kill('SIGKILL');
  await exited;
}

async function run(...args: string[]) {
  const err: string[] = [];
  const code = await runAdmin(
    args,
    { out: () => {}, err: (l) => err.push(l) },
    () => openStore({ dataDir, databaseUrl: undefined }),
    () => dataDir,
  );
  return { code, err: err.join('\n') };
}

describe('a killed import or append', { timeout: 120_000 }, () => {
  it('leaves the table as before or complete, and the next command cleans up', async () => {
    await killMidway(['import-dataset', 'big.rows', path.join(src, 'many')], null);
    const afterImport = await table();
    // either nothing was registered (its folder is left, half written), or the whole import was
    if (afterImport) expect(afterImport.row_count).toBe(FILES * 1000);
    else expect(fs.readdirSync(tableDir()).filter((f) => !f.endsWith('.lock')).length).toBe(1);

    // the dead process's lock and half-written folder do not stop the next command
    const first = await run('import-dataset', 'big.rows', path.join(src, 'first'), '--replace');
    expect(first.err).toBe('');
    const t = (await table())!;
    expect(t.row_count).toBe(5);
    expect(fs.readdirSync(tableDir())).toEqual([path.basename(t.snapshot!)]);

    await killMidway(
      ['append-dataset', 'big.rows', path.join(src, 'many')],
      path.join(dataDir, 'lake', t.snapshot!),
    );
    const afterAppend = (await table())!;
    if (afterAppend.snapshot === t.snapshot) expect(afterAppend.row_count).toBe(5);
    else expect(afterAppend.row_count).toBe(5 + FILES * 1000);
    expect(filesUnder(path.join(dataDir, 'lake', afterAppend.snapshot!)).length).toBeGreaterThan(0);
    // the file the table was imported from, again on purpose
    const again = await run(
      'append-dataset',
      'big.rows',
      path.join(src, 'first'),
      '--allow-duplicate',
    );
    expect(again.err).toBe('');
    const last = (await table())!;
    expect(last.row_count).toBe(afterAppend.row_count + 5);
    expect(fs.readdirSync(tableDir())).toEqual([path.basename(last.snapshot!)]);
  });
});
