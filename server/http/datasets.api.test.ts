import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TABLES } from '../demo/demo-data.js';
import { publishTable } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let acme: TestUser;

const DEMO_COUNT = DEMO_TABLES.length;
const contractsOf = (schema: string) =>
  DEMO_TABLES.find((d) => d.schema === schema)!.metadata.contract_addresses as string[];

beforeAll(async () => {
  // The real demo datasets (and their catalog metadata), at a tiny scale.
  t = await createTestServer({ demoData: true, demoScale: 0.001 });
  alice = await t.createUser('ds_alice');
  bob = await t.createUser('ds_bob');
  acme = await t.createTeam('ds_acme', alice);
  const select = "SELECT 1 AS id, 'x' AS label";
  await publishTable(t, {
    schema: 'ds_alice',
    table: 'public_ledger',
    ownerId: alice.account.id,
    isPrivate: false,
    select,
  });
  await publishTable(t, {
    schema: 'ds_alice',
    table: 'secret_ledger',
    ownerId: alice.account.id,
    isPrivate: true,
    select,
  });
  await publishTable(t, {
    schema: 'ds_bob',
    table: 'bob_secret_ledger',
    ownerId: bob.account.id,
    isPrivate: true,
    select,
  });
  await publishTable(t, {
    schema: 'ds_acme',
    table: 'team_ledger',
    ownerId: acme.account.id,
    isPrivate: false,
    select,
  });
}, 60_000);
afterAll(() => t.close());

const list = (key: string | undefined, qs = '') => t.call('GET', `/api/v1/datasets${qs}`, { key });
const get = (key: string | undefined, slug: string) =>
  t.call('GET', `/api/v1/datasets/${encodeURIComponent(slug)}`, { key });
const search = (key: string | undefined, body?: unknown) =>
  t.call('POST', '/api/v1/datasets/search', { key, body });
const byContract = (key: string | undefined, body?: unknown) =>
  t.call('POST', '/api/v1/datasets/search-by-contract', { key, body });
const namesOf = (results: { full_name: string }[]) => results.map((r) => r.full_name);

describe('GET /datasets', () => {
  it('lists every visible dataset by full name, with the caller’s own private ones', async () => {
    const r = await list(alice.readKey, '?limit=250');
    expect(r.status).toBe(200);
    const names = r.json.datasets.map((d: { full_name: string }) => d.full_name);
    expect(r.json.total).toBe(DEMO_COUNT + 3);
    expect(names).toContain('dune.ds_alice.secret_ledger');
    expect(names).not.toContain('dune.ds_bob.bob_secret_ledger');
    expect(names).toContain('dex.trades');
    expect(names.slice(0, 4)).toEqual([
      'arbitrum.blocks',
      'arbitrum.logs',
      'arbitrum.transactions',
      'base.blocks',
    ]);
    const b = await list(bob.key);
    expect(b.json.total).toBe(DEMO_COUNT + 3);
    const bobNames = b.json.datasets.map((d: { full_name: string }) => d.full_name);
    expect(bobNames).toContain('dune.ds_bob.bob_secret_ledger');
    expect(bobNames).not.toContain('dune.ds_alice.secret_ledger');
  });

  it('pages with limit and offset (default 50; over 250 clamped)', async () => {
    const all = (await list(alice.key, '?limit=1000')).json;
    expect(all.datasets).toHaveLength(DEMO_COUNT + 3);
    const page = await list(alice.key, '?limit=2&offset=3');
    expect(page.json.total).toBe(DEMO_COUNT + 3);
    expect(page.json.datasets.map((d: { full_name: string }) => d.full_name)).toEqual(
      all.datasets.slice(3, 5).map((d: { full_name: string }) => d.full_name),
    );
    const empty = await list(alice.key, '?offset=1000');
    expect(empty.json).toEqual({ datasets: [], total: DEMO_COUNT + 3 });
  });

  it('filters by type (comma-separated) and owner handle', async () => {
    const spells = await list(alice.key, '?type=spell,decoded_table');
    expect(spells.json.total).toBe(
      DEMO_TABLES.filter((d) => d.datasetType === 'spell' || d.datasetType === 'decoded_table')
        .length,
    );
    for (const d of spells.json.datasets) expect(['spell', 'decoded_table']).toContain(d.type);
    const mine = await list(alice.key, '?owner_handle=ds_alice');
    expect(mine.json.datasets.map((d: { full_name: string }) => d.full_name)).toEqual([
      'dune.ds_alice.public_ledger',
      'dune.ds_alice.secret_ledger',
    ]);
    const seenByBob = await list(bob.key, '?owner_handle=ds_alice');
    expect(seenByBob.json.total).toBe(1);
    const builtin = await list(bob.key, '?owner_handle=dune');
    expect(builtin.json.total).toBe(DEMO_COUNT);
    const nobody = await list(bob.key, '?owner_handle=no_such_handle');
    expect(nobody.json).toEqual({ datasets: [], total: 0 });
  });

  it('rejects bad input with 400', async () => {
    for (const qs of [
      '?limit=-1',
      '?limit=abc',
      '?limit=1.5',
      '?limit=1e20',
      '?offset=-1',
      '?type=spell,bogus',
    ]) {
      const r = await list(alice.key, qs);
      expect(r.status, qs).toBe(400);
      expect(r.json.error, qs).toEqual(expect.any(String));
    }
    expect((await list(alice.key, '?type=bogus')).json.error).toMatch(
      /unknown dataset type "bogus"/,
    );
  });

  it('needs a valid key (401)', async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list('sk_not_a_key')).status).toBe(401);
    expect((await list(undefined, '?limit=-1')).status).toBe(401);
  });
});

describe('GET /datasets/{slug}', () => {
  it('returns a built-in dataset with columns, descriptions and metadata', async () => {
    const r = await get(bob.readKey, 'dex.trades');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      full_name: 'dex.trades',
      type: 'spell',
      owner: { handle: 'dune', type: 'team' },
      is_private: false,
      metadata: {
        page_rank_score: 0.97,
        spell_type: 'sector',
        category: 'spell',
        blockchains: ['ethereum', 'base', 'arbitrum'],
        description: expect.stringContaining('DEX trades'),
      },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const date = r.json.columns.find((c: { name: string }) => c.name === 'block_date');
    expect(date).toEqual({
      name: 'block_date',
      type: 'DATE',
      nullable: true,
      metadata: { description: 'Date of the trade (UTC)', filtering_column: true },
    });
    const usd = r.json.columns.find((c: { name: string }) => c.name === 'amount_usd');
    expect(usd.metadata).toEqual({
      description: 'USD value of the trade',
      filtering_column: false,
    });
  });

  it('reads decoded tables with their contract metadata, case-insensitively', async () => {
    const r = await get(bob.key, 'ERC20_ethereum.EVT_transfer');
    expect(r.status).toBe(200);
    expect(r.json.full_name).toBe('erc20_ethereum.evt_Transfer');
    expect(r.json.type).toBe('decoded_table');
    expect(r.json.metadata).toMatchObject({
      project_name: 'erc20',
      contract_name: 'ERC20',
      abi_type: 'event',
    });
  });

  it('shows a private upload to its owner only; others get 404', async () => {
    const own = await get(alice.readKey, 'dune.ds_alice.secret_ledger');
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({
      full_name: 'dune.ds_alice.secret_ledger',
      type: 'uploaded_table',
      owner: { handle: 'ds_alice', type: 'user' },
      is_private: true,
      columns: [
        { name: 'id', type: 'INTEGER', metadata: { description: '', filtering_column: false } },
        { name: 'label', type: 'VARCHAR' },
      ],
    });
    const other = await get(bob.key, 'dune.ds_alice.secret_ledger');
    expect(other.status).toBe(404);
    expect(other.json.error).toEqual(expect.any(String));
    // the team context does not see its member's private table either
    expect((await get(acme.key, 'dune.ds_alice.secret_ledger')).status).toBe(404);
    const team = await get(bob.key, 'dune."ds_acme".team_ledger');
    expect(team.json.owner).toEqual({ handle: 'ds_acme', type: 'team' });
  });

  it('answers 404 for unknown or malformed names and 401 without a key', async () => {
    expect((await get(alice.key, 'dex.nope')).status).toBe(404);
    expect((await get(alice.key, 'trades')).status).toBe(404);
    expect((await get(alice.key, 'a.b.c.d')).status).toBe(404);
    expect((await get(undefined, 'dex.trades')).status).toBe(401);
  });
});

describe('POST /datasets/search', () => {
  it('ranks name matches by page rank and pages with has_more and next_offset', async () => {
    const r = await search(bob.key, { query: 'transactions' });
    expect(r.status).toBe(200);
    expect(namesOf(r.json.results)).toEqual([
      'ethereum.transactions',
      'base.transactions',
      'arbitrum.transactions',
    ]);
    expect(r.json.total).toBe(3);
    expect(r.json.pagination).toEqual({ limit: 20, offset: 0, has_more: false });
    expect(r.json.results[0]).toEqual({
      full_name: 'ethereum.transactions',
      category: 'canonical',
      dataset_type: 'dune_table',
      blockchains: ['ethereum'],
      visibility: 'public',
      owner_scope: 'dune',
      description: expect.stringContaining('Transactions on ethereum'),
    });
  });

  it('puts name matches before description and column matches', async () => {
    // "ethereum" is in the names of seven tables
    const r = await search(bob.key, { query: 'ethereum', limit: 250 });
    const names = namesOf(r.json.results);
    expect(names.slice(0, 7)).toEqual([
      'ethereum.transactions',
      'ethereum.logs',
      'tokens_ethereum.transfers',
      'erc20_ethereum.evt_Transfer',
      'ethereum.traces',
      'ethereum.blocks',
      'uniswap_v3_ethereum.evt_Swap',
    ]);
    // exact full name first, even with a lower page rank
    const exact = await search(bob.key, { query: 'ethereum.blocks' });
    expect(namesOf(exact.json.results)[0]).toBe('ethereum.blocks');
    // a column name only: sqrtPriceX96 is a column of evt_Swap
    const col = await search(bob.key, { query: 'sqrtpricex96' });
    expect(namesOf(col.json.results)).toEqual(['uniswap_v3_ethereum.evt_Swap']);
  });

  it('pages through everything visible without a query, by page rank', async () => {
    const first = await search(alice.key, { limit: 5 });
    expect(first.json.total).toBe(DEMO_COUNT + 2); // public only: alice's and the team's
    expect(first.json.pagination).toEqual({ limit: 5, offset: 0, next_offset: 5, has_more: true });
    expect(namesOf(first.json.results).slice(0, 2)).toEqual(['dex.trades', 'prices.usd']);
    const seen = new Set<string>(namesOf(first.json.results));
    let offset = first.json.pagination.next_offset as number;
    for (;;) {
      const page = await search(alice.key, { limit: 5, offset });
      for (const n of namesOf(page.json.results)) seen.add(n);
      if (!page.json.pagination.has_more) {
        expect(page.json.pagination.next_offset).toBeUndefined();
        break;
      }
      offset = page.json.pagination.next_offset;
    }
    expect(seen.size).toBe(DEMO_COUNT + 2);
    const empty = await search(alice.key, {});
    expect(empty.status).toBe(200);
    const nobody = await t.call('POST', '/api/v1/datasets/search', { key: alice.key });
    expect(nobody.json.total).toBe(DEMO_COUNT + 2);
  });

  it('filters by blockchains, categories, dataset types and schemas', async () => {
    const base = await search(bob.key, { blockchains: ['BASE'], limit: 50 });
    expect(namesOf(base.json.results).sort()).toEqual(
      [
        'base.blocks',
        'base.logs',
        'base.transactions',
        'dex.trades',
        'dex_aggregator.trades',
        'labels.addresses',
        'prices.day',
        'prices.usd',
        'tokens.erc20',
      ].sort(),
    );
    const decoded = await search(bob.key, { categories: ['decoded'] });
    expect(namesOf(decoded.json.results)).toEqual([
      'erc20_ethereum.evt_Transfer',
      'uniswap_v3_ethereum.evt_Swap',
    ]);
    const uploads = await search(bob.key, { dataset_types: ['uploaded_table'] });
    expect(namesOf(uploads.json.results).sort()).toEqual([
      'dune.ds_acme.team_ledger',
      'dune.ds_alice.public_ledger',
    ]);
    const dex = await search(bob.key, { schemas: ['dex', 'tokens'], query: 'token' });
    expect(namesOf(dex.json.results)).toEqual(['tokens.erc20', 'dex.trades']);
  });

  it('shows private datasets only to their owner, only with include_private', async () => {
    const without = await search(alice.key, { query: 'ledger' });
    expect(namesOf(without.json.results)).not.toContain('dune.ds_alice.secret_ledger');
    const withPrivate = await search(alice.key, { query: 'ledger', include_private: true });
    const names = namesOf(withPrivate.json.results);
    expect(names).toContain('dune.ds_alice.secret_ledger');
    expect(names).not.toContain('dune.ds_bob.bob_secret_ledger');
    const secret = withPrivate.json.results.find(
      (x: { full_name: string }) => x.full_name === 'dune.ds_alice.secret_ledger',
    );
    expect(secret).toMatchObject({ visibility: 'private', owner_scope: 'me' });
    const bobs = await search(bob.key, { query: 'secret', include_private: true });
    expect(namesOf(bobs.json.results)).toEqual(['dune.ds_bob.bob_secret_ledger']);
  });

  it('scopes by owner: me, team, all; labels each result relative to the caller', async () => {
    const me = await search(alice.key, { owner_scope: 'me', include_private: true });
    expect(namesOf(me.json.results).sort()).toEqual([
      'dune.ds_alice.public_ledger',
      'dune.ds_alice.secret_ledger',
    ]);
    const team = await search(alice.key, { owner_scope: 'team' });
    expect(namesOf(team.json.results)).toEqual(['dune.ds_acme.team_ledger']);
    expect(team.json.results[0].owner_scope).toBe('team');
    const teamKey = await search(acme.key, { owner_scope: 'me' });
    expect(namesOf(teamKey.json.results)).toEqual(['dune.ds_acme.team_ledger']);
    const bobTeam = await search(bob.key, { owner_scope: 'team' });
    expect(bobTeam.json.total).toBe(0);
    const all = await search(bob.key, { owner_scope: 'all', query: 'ledger' });
    for (const r of all.json.results) expect(r.owner_scope).toBe('community');
  });

  it('adds schema and metadata on request', async () => {
    const r = await search(bob.key, {
      query: 'evt_Swap',
      include_schema: true,
      include_metadata: true,
    });
    const swap = r.json.results[0];
    expect(swap.full_name).toBe('uniswap_v3_ethereum.evt_Swap');
    expect(swap.schema).toContainEqual({ name: 'tick', type: 'INTEGER', nullable: true });
    expect(swap.metadata).toEqual({
      page_rank_score: 0.7,
      description: expect.stringContaining('Uniswap v3'),
      abi_type: 'event',
      contract_name: 'UniswapV3Pool',
      project_name: 'uniswap_v3',
    });
    const plain = await search(bob.key, { query: 'evt_Swap' });
    expect(plain.json.results[0].schema).toBeUndefined();
    expect(plain.json.results[0].metadata).toBeUndefined();
  });

  it('accepts null for omitted fields and clamps a large limit', async () => {
    const r = await search(bob.key, { query: null, categories: null, limit: 100000, offset: null });
    expect(r.status).toBe(200);
    expect(r.json.pagination.limit).toBe(250);
  });

  it('rejects bad input with 400', async () => {
    const bad: unknown[] = [
      { query: 42 },
      { query: 'x'.repeat(501) },
      { categories: ['bogus'] },
      { categories: 'spell' },
      { dataset_types: ['table'] },
      { blockchains: [1] },
      { owner_scope: 'everyone' },
      { include_private: 'yes' },
      { limit: -1 },
      { limit: 0 },
      { limit: 1e20 },
      { offset: -5 },
      { offset: 1.5 },
      { contract_address: '0x1234' },
      '{not json',
    ];
    for (const body of bad) {
      const r = await search(bob.key, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error, JSON.stringify(body)).toEqual(expect.any(String));
    }
  });

  it('needs a valid key (401), before looking at the body', async () => {
    expect((await search(undefined, {})).status).toBe(401);
    expect((await search(undefined, { limit: -1 })).status).toBe(401);
    expect((await search('sk_bad', {})).status).toBe(401);
  });
});

describe('POST /datasets/search-by-contract', () => {
  it('finds the decoded tables of a contract, case-insensitively, with metadata', async () => {
    const usdc = contractsOf('erc20_ethereum')[0]!;
    const r = await byContract(bob.readKey, {
      contract_address: usdc.toUpperCase().replace('0X', '0x'),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      total: 1,
      results: [
        {
          full_name: 'erc20_ethereum.evt_Transfer',
          category: 'decoded',
          dataset_type: 'decoded_table',
          blockchains: ['ethereum'],
          visibility: 'public',
          owner_scope: 'dune',
          description: expect.any(String),
          metadata: {
            page_rank_score: 0.8,
            description: expect.any(String),
            abi_type: 'event',
            contract_name: 'ERC20',
            project_name: 'erc20',
          },
        },
      ],
      pagination: { limit: 20, offset: 0, has_more: false },
    });
    const pool = contractsOf('uniswap_v3_ethereum')[0]!;
    const swap = await byContract(bob.key, { contract_address: pool, include_schema: true });
    expect(namesOf(swap.json.results)).toEqual(['uniswap_v3_ethereum.evt_Swap']);
    expect(swap.json.results[0].schema.length).toBeGreaterThan(5);
  });

  it('filters by blockchain and finds nothing for an unknown contract', async () => {
    const usdc = contractsOf('erc20_ethereum')[0]!;
    const base = await byContract(bob.key, { contract_address: usdc, blockchains: ['base'] });
    expect(base.json.total).toBe(0);
    const none = await byContract(bob.key, {
      contract_address: '0x000000000000000000000000000000000000dead',
    });
    expect(none.json).toEqual({
      total: 0,
      results: [],
      pagination: { limit: 20, offset: 0, has_more: false },
    });
    const search2 = await search(bob.key, { contract_address: usdc });
    expect(namesOf(search2.json.results)).toEqual(['erc20_ethereum.evt_Transfer']);
  });

  it('rejects a missing or malformed address (400) and a missing key (401)', async () => {
    for (const body of [
      {},
      { contract_address: '' },
      { contract_address: '0x123' },
      { contract_address: 'a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
      { contract_address: '0xZZb86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
      { contract_address: 12 },
      { contract_address: '0x000000000000000000000000000000000000dead', limit: -1 },
    ]) {
      const r = await byContract(bob.key, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await byContract(bob.key)).status).toBe(400);
    expect((await byContract(undefined, {})).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the four routes', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    expect(doc.paths['/api/v1/datasets'].get).toBeDefined();
    expect(doc.paths['/api/v1/datasets/{slug}'].get).toBeDefined();
    expect(doc.paths['/api/v1/datasets/search'].post).toBeDefined();
    expect(doc.paths['/api/v1/datasets/search-by-contract'].post).toBeDefined();
    expect(doc.paths['/api/v1/datasets'].get.description).toMatch(/clamped/);
  });
});
