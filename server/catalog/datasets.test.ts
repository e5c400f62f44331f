import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../auth/accounts.js';
import { openDb, type Db } from '../store/db.js';
import { DatasetCatalog } from './datasets.js';
import { ownerScopeOf } from './datasets-wire.js';
import { ftsMatch, parseFullName, searchTerms } from './datasets-query.js';
import { catalogQuery } from './datasets-repo.js';
import { sqliteStore } from '../store/store.js';

describe('searchTerms and ftsMatch', () => {
  it('splits free text like the index does, lower case, letters and digits only', () => {
    expect(searchTerms('dex.trades')).toEqual(['dex', 'trades']);
    expect(searchTerms('  Uniswap_V3 evt_Swap ')).toEqual(['uniswap', 'v3', 'evt', 'swap']);
    expect(searchTerms('"a" OR b* NEAR(c)')).toEqual(['a', 'or', 'b', 'near', 'c']);
    expect(searchTerms('...')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });

  it('requires every term as a quoted prefix, optionally in some columns', () => {
    expect(ftsMatch(['dex', 'tra'])).toBe('"dex"* "tra"*');
    expect(ftsMatch(['dex'], ['name', 'description'])).toBe('{name description} : ("dex"*)');
  });
});

describe('parseFullName', () => {
  it('reads two or three parts, with quoted parts', () => {
    expect(parseFullName('dex.trades')).toEqual({ catalog: '', schema: 'dex', table: 'trades' });
    expect(parseFullName('dune.team.t')).toEqual({ catalog: 'dune', schema: 'team', table: 't' });
    expect(parseFullName('dune."21co".result_x')).toEqual({
      catalog: 'dune',
      schema: '21co',
      table: 'result_x',
    });
    expect(parseFullName('"a.b".c')).toEqual({ catalog: '', schema: 'a.b', table: 'c' });
  });

  it('rejects other shapes', () => {
    for (const bad of ['trades', 'a.b.c.d', 'a..b', 'a.b.', '.a.b', '"a.b', 'a."".c', ''])
      expect(parseFullName(bad), bad).toBeUndefined();
  });
});

describe('catalogQuery', () => {
  it('binds every filter as a parameter, never as SQL text', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-catalog-sql-'));
    const db = openDb(dir);
    try {
      const q = catalogQuery(sqliteStore(db).db, 'sqlite', {
        contextId: 7,
        includePrivate: true,
        text: "x'); DROP TABLE lake_tables; --",
        schemas: ["a' OR 1=1"],
        order: 'relevance',
        limit: 10,
        offset: 0,
      });
      for (const compiled of [q.select.compile(), q.count.compile()]) {
        expect(compiled.sql).not.toContain('DROP');
        expect(compiled.sql).not.toContain('OR 1=1');
        expect(compiled.parameters).toContain("a' or 1=1");
        expect(compiled.parameters).toContain('"x"* "drop"* "table"* "lake"* "tables"*');
      }
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('DatasetCatalog over SQLite (FTS kept in sync by triggers)', () => {
  let dir: string;
  let db: Db;
  let catalog: DatasetCatalog;
  let ownerId: number;
  let otherId: number;
  const caller = () => ({ contextId: ownerId, teamIds: [] });

  function put(
    schema: string,
    table: string,
    o: {
      description?: string;
      columns?: string[];
      rank?: number;
      owner?: number | null;
      isPrivate?: boolean;
      type?: string;
      category?: string;
      chains?: string[];
      metadata?: Record<string, unknown>;
      catalog?: string;
    } = {},
  ) {
    const now = new Date().toISOString();
    return db
      .prepare(
        `INSERT INTO lake_tables (catalog, schema_name, table_name, owner_id, kind, dataset_type, category,
           is_private, description, blockchains, columns, metadata, snapshot, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'demo', ?, ?, ?, ?, ?, ?, ?, 'snap', ?, ?)
         ON CONFLICT (catalog, schema_name, table_name) DO UPDATE SET
           description = excluded.description, columns = excluded.columns, metadata = excluded.metadata`,
      )
      .run(
        o.catalog ?? '',
        schema,
        table,
        o.owner ?? null,
        o.type ?? 'dune_table',
        o.category ?? 'canonical',
        o.isPrivate ? 1 : 0,
        o.description ?? '',
        JSON.stringify(o.chains ?? []),
        JSON.stringify(
          (o.columns ?? []).map((name) => ({ name, type: 'VARCHAR', nullable: true })),
        ),
        JSON.stringify({
          ...(o.rank !== undefined ? { page_rank_score: o.rank } : {}),
          ...o.metadata,
        }),
        now,
        now,
      );
  }

  const names = async (text: string, extra: Record<string, unknown> = {}) =>
    (
      await catalog.query({
        contextId: ownerId,
        includePrivate: false,
        text,
        order: 'relevance',
        limit: 50,
        offset: 0,
        ...extra,
      })
    ).entries.map((e) => e.full_name);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-catalog-'));
    db = openDb(dir);
    const accounts = new Accounts(sqliteStore(db));
    ownerId = (await accounts.createUser('cat_owner', null)).id;
    otherId = (await accounts.createUser('cat_other', null)).id;
    catalog = new DatasetCatalog(sqliteStore(db), accounts);
    put('dex', 'trades', {
      description: 'DEX trades on every chain',
      columns: ['amount_usd'],
      rank: 0.97,
    });
    put('ethereum', 'transactions', { description: 'Transactions', columns: ['hash'], rank: 0.9 });
    put('base', 'transactions', { description: 'Transactions', columns: ['hash'], rank: 0.75 });
    put('nft', 'sales', {
      description: 'NFT sales, like trades of tokens',
      columns: ['price'],
      rank: 0.99,
    });
    put('lending', 'borrow', { description: 'Loans', columns: ['trades_count'], rank: 1 });
    put('dex', 'trades_raw', { description: 'Raw swaps', columns: ['x'], rank: 0.1 });
  });
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ranks exact name, then name, then description, then columns; page rank breaks ties', async () => {
    expect(await names('trades')).toEqual([
      'dex.trades',
      'dex.trades_raw',
      'nft.sales',
      'lending.borrow',
    ]);
    expect((await names('dex.trades_raw'))[0]).toBe('dex.trades_raw');
    expect(await names('transactions')).toEqual(['ethereum.transactions', 'base.transactions']);
    expect(await names('tra')).toEqual([
      'dex.trades',
      'ethereum.transactions',
      'base.transactions',
      'dex.trades_raw',
      'nft.sales',
      'lending.borrow',
    ]);
  });

  it('requires every word', async () => {
    expect(await names('dex raw')).toEqual(['dex.trades_raw']);
    expect(await names('dex nothing')).toEqual([]);
  });

  it('follows updates and deletes of lake_tables', async () => {
    put('tmp', 'moving', { description: 'zebra' });
    expect(await names('zebra')).toEqual(['tmp.moving']);
    put('tmp', 'moving', { description: 'giraffe', columns: ['okapi'] });
    expect(await names('zebra')).toEqual([]);
    expect(await names('okapi')).toEqual(['tmp.moving']);
    db.prepare("DELETE FROM lake_tables WHERE schema_name = 'tmp'").run();
    expect(await names('giraffe')).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM lake_tables_fts').pluck().get()).toBe(
      db.prepare('SELECT count(*) FROM lake_tables').pluck().get(),
    );
  });

  it('indexes contract addresses in lower case and keeps them in sync', async () => {
    const addr = '0xAbCdEf0000000000000000000000000000000001';
    put('erc20_ethereum', 'evt_Transfer', {
      type: 'decoded_table',
      metadata: { contract_addresses: [addr, 42] },
    });
    const find = async (a: string) =>
      (
        await catalog.query({
          ...caller(),
          includePrivate: false,
          contractAddress: a,
          order: 'relevance',
          limit: 5,
          offset: 0,
        })
      ).entries.map((e) => e.full_name);
    expect(await find(addr.toLowerCase())).toEqual(['erc20_ethereum.evt_Transfer']);
    put('erc20_ethereum', 'evt_Transfer', { type: 'decoded_table', metadata: {} });
    expect(await find(addr.toLowerCase())).toEqual([]);
  });

  it('shows private tables only to their owner with includePrivate', async () => {
    put('dune', 'secret', {
      catalog: 'dune',
      owner: otherId,
      isPrivate: true,
      description: 'hidden',
    });
    put('dune', 'mine', {
      catalog: 'dune',
      owner: ownerId,
      isPrivate: true,
      description: 'hidden',
    });
    expect(await names('hidden')).toEqual([]);
    expect(await names('hidden', { includePrivate: true })).toEqual(['dune.dune.mine']);
  });

  it('counts the total beyond the page', async () => {
    const r = await catalog.query({
      ...caller(),
      includePrivate: false,
      text: 'tra',
      order: 'relevance',
      limit: 2,
      offset: 1,
    });
    expect(r.entries.map((e) => e.full_name)).toEqual([
      'ethereum.transactions',
      'base.transactions',
    ]);
    expect(r.total).toBe(7); // with erc20_ethereum.evt_Transfer added above
  });

  it('labels owner scope relative to the caller', () => {
    const c = { contextId: 1, teamIds: [5] };
    expect(ownerScopeOf(c, { owner_id: null })).toBe('dune');
    expect(ownerScopeOf(c, { owner_id: 1 })).toBe('me');
    expect(ownerScopeOf(c, { owner_id: 5 })).toBe('team');
    expect(ownerScopeOf(c, { owner_id: 9 })).toBe('community');
  });
});
