import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { FAMILIES, SCHEMA, createTable, insertCsv } from '../test/uploads-helpers.js';
import { SUNSET } from './uploads.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

describe.each(FAMILIES)('create a table ($name paths)', (f) => {
  const table = `trades_${f.name}`;

  it('creates dune.<ns>.<table> and answers the hosted shape', async () => {
    const r = await t.call('POST', f.create, {
      key: alice.key,
      body: {
        namespace: 'Alice',
        table_name: table.toUpperCase(),
        schema: SCHEMA,
        description: 'd',
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      namespace: 'alice',
      table_name: table,
      full_name: `dune.alice.${table}`,
      example_query: `select * from dune.alice.${table} limit 10`,
      message: 'Table created successfully',
      already_existed: false,
    });
    const deprecated = f.name === 'deprecated';
    expect(r.headers.get('deprecation')).toBe(deprecated ? 'true' : null);
    expect(r.headers.get('sunset')).toBe(deprecated ? SUNSET : null);
  });

  it('answers 409 when the table exists (names are case-insensitive)', async () => {
    const r = await t.call('POST', f.create, {
      key: alice.key,
      body: { namespace: 'alice', table_name: table.toUpperCase(), schema: SCHEMA },
    });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/already exists/);
    if (f.name === 'deprecated') expect(r.headers.get('deprecation')).toBe('true');
  });

  it.each([
    ['a bad table name', { table_name: '1abc' }, /invalid table name "1abc"/],
    ['a table name with a dash', { table_name: 'a-b' }, /invalid table name/],
    ['a huge table name', { table_name: 'a'.repeat(129) }, /invalid table name/],
    [
      'a bad column name',
      { schema: [{ name: 'has space', type: 'bigint' }] },
      /invalid column name/,
    ],
    [
      'a column name starting with a digit',
      { schema: [{ name: '9x', type: 'bigint' }] },
      /invalid column name/,
    ],
    ['an unknown type', { schema: [{ name: 'x', type: 'money' }] }, /unsupported type "money"/],
    ['a type that is not a string', { schema: [{ name: 'x', type: 5 }] }, /unsupported type 5/],
    ['an empty schema', { schema: [] }, /at least one column/],
    [
      'duplicate columns',
      {
        schema: [
          { name: 'x', type: 'bigint' },
          { name: 'X', type: 'double' },
        ],
      },
      /duplicate column "x"/,
    ],
    [
      'more than 1000 columns',
      { schema: Array.from({ length: 1001 }, (_, i) => ({ name: `c${i}`, type: 'bigint' })) },
      /at most 1000 columns/,
    ],
    ['no schema', { schema: undefined }, /schema/],
    ['no table name', { table_name: undefined }, /table_name/],
    ['a number as table name', { table_name: 7 }, /table_name/],
  ])('answers 400 for %s', async (_, patch, message) => {
    const body = { namespace: 'alice', table_name: `x_${f.name}`, schema: SCHEMA, ...patch };
    const r = await t.call('POST', f.create, { key: alice.key, body });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const r = await t.call('POST', f.create, { key: alice.key, body: '{"namespace": ' });
    expect(r.status).toBe(400);
  });

  it('answers 401 without a key, 403 with a read key or another namespace', async () => {
    const body = { namespace: 'alice', table_name: `y_${f.name}`, schema: SCHEMA };
    expect((await t.call('POST', f.create, { body })).status).toBe(401);
    const read = await t.call('POST', f.create, { key: alice.readKey, body });
    expect(read.status).toBe(403);
    expect(read.json.error).toMatch(/scope read/);
    const other = await t.call('POST', f.create, { key: bob.key, body });
    expect(other.status).toBe(403);
    expect(other.json.error).toMatch(/namespace "alice" is not yours/);
  });
});

describe('a team context', () => {
  it('creates in the team namespace with a team key, not in the member user one', async () => {
    const team = await t.createTeam('Data-Team', alice);
    const r = await t.call('POST', FAMILIES[0]!.create, {
      key: team.key,
      body: { namespace: 'data-team', table_name: 'shared', schema: SCHEMA },
    });
    expect(r.status).toBe(200);
    expect(r.json.full_name).toBe('dune.data-team.shared');
    expect(r.json.example_query).toBe('select * from dune."data-team".shared limit 10');
    const wrong = await t.call('POST', FAMILIES[0]!.create, {
      key: team.key,
      body: { namespace: 'alice', table_name: 'shared', schema: SCHEMA },
    });
    expect(wrong.status).toBe(403);
  });
});

describe('column types', () => {
  it('accepts every type (any case) and reports the spec names back', async () => {
    const types = [
      'varchar',
      'VARBINARY',
      'bigint',
      'integer',
      'double',
      'boolean',
      'timestamp',
      'date',
      'uint256',
      'int256',
    ];
    const schema = types.map((type, i) => ({ name: `c${i}`, type, nullable: i !== 0 }));
    await createTable(t, alice.key, 'alice', 'all_types', { schema });
    const list = await t.call('GET', FAMILIES[0]!.list, { key: alice.key });
    const entry = list.json.tables.find(
      (x: { full_name: string }) => x.full_name === 'dune.alice.all_types',
    );
    expect(entry.columns).toEqual(
      types.map((type, i) => ({
        name: `c${i}`,
        type: type.toLowerCase(),
        nullable: i !== 0,
        metadata: {},
      })),
    );
  });
});

describe('column descriptions (a Strata addition)', () => {
  it('keeps a declared description through inserts and clears, and lists it as metadata', async () => {
    const schema = [
      { name: 'city_name', type: 'varchar', description: 'City Name' },
      { name: 'cost_total', type: 'double' },
    ];
    await createTable(t, alice.key, 'alice', 'described', { schema });
    const ins = await insertCsv(
      t,
      alice.key,
      'alice',
      'described',
      'City Name,cost_total\nParis,2.5\n',
    );
    expect(ins.status, ins.text).toBe(200);
    await t.call('POST', FAMILIES[0]!.clear('alice', 'described'), { key: alice.key });
    const list = await t.call('GET', FAMILIES[0]!.list, { key: alice.key });
    const entry = list.json.tables.find(
      (x: { full_name: string }) => x.full_name === 'dune.alice.described',
    );
    expect(entry.columns.map((c: { metadata: unknown }) => c.metadata)).toEqual([
      { description: 'City Name' },
      {},
    ]);
  });

  it('answers 400 for a description past 1000 characters', async () => {
    const r = await t.call('POST', FAMILIES[0]!.create, {
      key: alice.key,
      body: {
        namespace: 'alice',
        table_name: 'too_described',
        schema: [{ name: 'x', type: 'bigint', description: 'd'.repeat(1001) }],
      },
    });
    expect(r.status).toBe(400);
  });
});

describe('the catalog and the OpenAPI document', () => {
  it('lists uploads as uploaded_table in /datasets and /datasets/search; private only to the owner', async () => {
    await createTable(t, alice.key, 'alice', 'catalog_public', { description: 'zebra sightings' });
    await createTable(t, alice.key, 'alice', 'catalog_private', { is_private: true });
    const mine = await t.call('GET', '/api/v1/datasets?type=uploaded_table&limit=250', {
      key: alice.key,
    });
    const names = mine.json.datasets.map((d: { full_name: string }) => d.full_name);
    expect(names).toEqual(
      expect.arrayContaining(['dune.alice.catalog_public', 'dune.alice.catalog_private']),
    );
    const one = mine.json.datasets.find(
      (d: { full_name: string }) => d.full_name === 'dune.alice.catalog_public',
    );
    expect(one).toMatchObject({ type: 'uploaded_table', owner: { handle: 'alice', type: 'user' } });
    expect(one.columns[0]).toMatchObject({ name: 'id', type: 'bigint', nullable: false });
    const theirs = await t.call('GET', '/api/v1/datasets?type=uploaded_table&limit=250', {
      key: bob.key,
    });
    const seen = theirs.json.datasets.map((d: { full_name: string }) => d.full_name);
    expect(seen).toContain('dune.alice.catalog_public');
    expect(seen).not.toContain('dune.alice.catalog_private');
    const search = await t.call('POST', '/api/v1/datasets/search', {
      key: bob.key,
      body: { query: 'zebra', dataset_types: ['uploaded_table'] },
    });
    expect(search.json.results.map((x: { full_name: string }) => x.full_name)).toEqual([
      'dune.alice.catalog_public',
    ]);
  });

  it('marks the deprecated paths deprecated, and only those', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    expect(doc.paths['/api/v1/table/create'].post.deprecated).toBe(true);
    expect(doc.paths['/api/v1/tables'].get.deprecated).toBe(true);
    expect(doc.paths['/api/v1/table/{namespace}/{table_name}'].delete.deprecated).toBe(true);
    expect(doc.paths['/api/v1/uploads'].post.deprecated).toBeFalsy();
    expect(
      doc.paths['/api/v1/uploads/{namespace}/{table_name}/insert'].post.deprecated,
    ).toBeFalsy();
  });
});
