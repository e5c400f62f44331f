import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesTextOf, tablesNamedIn } from '../engine/named-tables.js';
import { openDb, type Db } from '../store/db.js';
import { sqliteStore } from '../store/store.js';
import { LakeRepo } from './lake-repo.js';

let dir: string;
let db: Db;
let repo: LakeRepo;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-lake-visible-'));
  db = openDb(dir);
  repo = new LakeRepo(sqliteStore(db));
  const account = db.prepare(
    `INSERT INTO accounts (id, handle, type, created_at) VALUES (?, ?, 'user', '2024-01-01')`,
  );
  account.run(1, 'a');
  account.run(2, 'b');
  const table = db.prepare(
    `INSERT INTO lake_tables (catalog, schema_name, table_name, owner_id, kind, dataset_type,
       is_private, snapshot, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'upload', 'x', ?, ?, '', '')`,
  );
  table.run('', 'dex', 'trades', null, 0, 'dex/trades/s1');
  table.run('', 'ethereum', 'blocks', null, 0, 'ethereum/blocks/s1');
  table.run('', 'erc20', 'Transfers', null, 0, 'erc20/transfers/s1');
  table.run('', 'uniswap', 'evt_Swap', null, 0, 'uniswap/evt_swap/s1');
  table.run('', 'dex', 'empty', null, 0, null);
  table.run('dune', 'a', 'mine', 1, 1, 'dune/a/mine/s1');
  table.run('dune', 'b', 'theirs_mine', 2, 1, 'dune/b/theirs_mine/s1');
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = (tables: { table_name: string }[]) => tables.map((t) => t.table_name).sort();

describe('the tables a run is given (LakeRepo.visibleTo with the names its SQL mentions)', () => {
  const sqls = [
    'SELECT 1',
    'SELECT * FROM dex.TRADES t JOIN ethereum.blocks b ON true',
    'select * from "transfers"',
    "SELECT * FROM query_table('uniswap.evt_swap')",
    'SELECT 1 -- from trades',
    'SELECT * FROM dune.a.mine, dune.b.theirs_mine',
    'SELECT * FROM evtxswap', // LIKE's `_` matches any character: one more, never fewer
    'SELECT * FROM information_schema.tables',
    'SHOW TABLES',
  ];

  it.each(sqls)('gives a run what the whole list gives it, for: %s', async (sql) => {
    const all = await repo.visibleTo(1);
    const narrowed = await repo.visibleTo(1, namesTextOf(sql));
    expect(names(tablesNamedIn(sql, narrowed))).toEqual(names(tablesNamedIn(sql, all)));
  });

  it('reads only the rows of the tables the SQL mentions', async () => {
    expect(names(await repo.visibleTo(1, namesTextOf('SELECT 1')))).toEqual([]);
    expect(names(await repo.visibleTo(1, namesTextOf('select * from DEX.Trades')))).toEqual([
      'trades',
    ]);
    // Another context's private table, named or not, is never read.
    expect(names(await repo.visibleTo(1, namesTextOf('SELECT * FROM dune.b.theirs_mine')))).toEqual(
      ['mine'],
    );
    expect(names(await repo.visibleTo(1, namesTextOf('SHOW TABLES')))).toEqual([
      'Transfers',
      'blocks',
      'evt_Swap',
      'mine',
      'trades',
    ]);
  });
});

describe('namesTextOf', () => {
  it('is the SQL lower-cased, or nothing when the SQL lists the catalog', () => {
    expect(namesTextOf('SELECT * FROM Dex.Trades')).toBe('select * from dex.trades');
    expect(namesTextOf('DESCRIBE dex.trades')).toBeUndefined();
    expect(namesTextOf('SELECT * FROM duckdb_tables()')).toBeUndefined();
  });
});
