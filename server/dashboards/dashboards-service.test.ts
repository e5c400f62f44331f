import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Parameter } from '../../contract/parameters.js';
import type { Caller } from '../auth/caller.js';
import { AppError } from '../errors.js';
import { STATUS_OF } from '../http/error-status.js';
import { type Db, nowIso, openDb } from '../store/db.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import { type Store, sqliteStore } from '../store/store.js';
import { VisualizationsRepo } from '../visualizations/visualizations-repo.js';
import { VisualizationsService } from '../visualizations/visualizations-service.js';
import { DashboardsRepo } from './dashboards-repo.js';
import { DashboardsService } from './dashboards-service.js';

let dir: string;
let db: Db;
let store: Store;
let dashboards: DashboardsService;
let visualizations: VisualizationsService;
const queries = new Map<number, QueryRecord>();
let alice: Caller;
let bob: Caller;

async function account(handle: string): Promise<Caller> {
  const { id } = await store.db
    .insertInto('accounts')
    .values({ handle, type: 'user', password_hash: null, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { contextId: id, userId: id, apiKeyId: null };
}

async function query(
  owner: Caller,
  opts: { is_private?: boolean; parameters?: Parameter[] } = {},
): Promise<number> {
  const now = nowIso();
  const { id } = await store.db
    .insertInto('queries')
    .values({
      owner_id: owner.contextId,
      name: 'q',
      query_sql: 'SELECT 1',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  queries.set(id, {
    id,
    owner_id: owner.contextId,
    owner_handle: '',
    created_by: owner.userId,
    name: 'q',
    description: '',
    query_sql: 'SELECT 1',
    dialect: 'duckdb',
    is_private: opts.is_private ?? false,
    is_archived: false,
    is_temp: false,
    engine: 'duckdb',
    parameters: opts.parameters ?? [],
    tags: [],
    version: 1,
    created_at: now,
    updated_at: now,
    max_result_age_seconds: null,
  });
  return id;
}

const viz = async (owner: Caller, queryId: number) =>
  (await visualizations.create(queryId, owner, { name: 'v', type: 'table' })).id;

async function statusOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return `${STATUS_OF[e.kind]} ${e.message}`;
    throw e;
  }
  return 'ok';
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dashboards-'));
  db = openDb(dir);
  store = sqliteStore(db);
  const repo = new DashboardsRepo(store);
  const lookup = { get: (id: number) => queries.get(id) };
  visualizations = new VisualizationsService({
    store,
    repo: new VisualizationsRepo(store),
    queries: lookup,
    dashboards: repo,
  });
  dashboards = new DashboardsService({ store, repo, queries: lookup, visualizations });
  alice = await account('alice');
  bob = await account('Bob');
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('DashboardsService', () => {
  it('makes slugs unique per owner whatever their case, also when created at once', async () => {
    const first = await dashboards.create(bob, { name: 'Sales', slug: 'sales' });
    expect(await statusOf(dashboards.create(bob, { name: 'x', slug: 'sales' }))).toMatch(/^409 /);
    const made = await Promise.all([
      dashboards.create(bob, { name: 'SALES' }),
      dashboards.create(bob, { name: 'sales' }),
    ]);
    expect(made.map((d) => d.slug).sort()).toEqual(['sales-2', 'sales-3']);
    expect((await dashboards.bySlug('BOB', 'SaLeS', null)).id).toBe(first.id);
    expect((await dashboards.create(alice, { name: 'Sales' })).slug).toBe('sales');
  });

  it('lists with text and tags compared case-insensitively, each with its own widgets', async () => {
    const q = await query(alice);
    const v = await viz(alice, q);
    const a = await dashboards.create(alice, {
      name: 'Token Flows',
      tags: [' DeFi ', 'defi', 'Base'],
      visualization_ids: [v],
    });
    const b = await dashboards.create(alice, {
      name: 'Other',
      tags: ['defi'],
      text_widgets: [{ text: 'hi' }],
    });
    expect(a.tags).toEqual(['DeFi', 'Base']);
    const page = await dashboards.list(alice, { limit: 10, offset: 0, tags: ['DEFI'] });
    expect(page.total).toBe(2);
    const byId = new Map(page.dashboards.map((d) => [d.id, d]));
    expect(byId.get(a.id)?.visualization_widgets.map((w) => w.visualization_id)).toEqual([v]);
    expect(byId.get(a.id)?.text_widgets).toEqual([]);
    expect(byId.get(b.id)?.text_widgets.map((w) => w.text)).toEqual(['hi']);
    const found = await dashboards.list(alice, {
      limit: 10,
      offset: 0,
      q: ' FLOWS ',
      tags: ['base'],
    });
    expect(found.dashboards.map((d) => d.id)).toEqual([a.id]);
    expect((await dashboards.list(alice, { limit: 0, offset: 0, tags: ['nft'] })).total).toBe(0);
  });

  it('rolls a failed change back and refuses a stale one', async () => {
    const q = await query(alice, {
      parameters: [{ key: 'n', type: 'number', value: '1' }],
    });
    const d = await dashboards.create(alice, {
      name: 'Params',
      visualization_ids: [await viz(alice, q)],
    });
    const widget = d.visualization_widgets[0]!.widget_id;
    const bad = dashboards.update(d.id, alice, {
      name: 'Renamed',
      param_widgets: [{ key: 'nope', query_id: q, visualization_widget_id: widget }],
    });
    expect(await statusOf(bad)).toBe(
      `400 param_widgets[0].key: query ${q} has no parameter "nope"`,
    );
    expect((await dashboards.readable(d.id, alice.contextId)).name).toBe('Params');
    const ok = await dashboards.update(d.id, alice, {
      param_widgets: [{ key: 'n', query_id: q, visualization_widget_id: widget }],
    });
    expect(ok.param_widgets).toHaveLength(1);
    expect(await statusOf(dashboards.update(d.id, alice, { name: 'x' }, d.version))).toMatch(
      /^409 the dashboard was changed since version 1/,
    );
    expect(await statusOf(dashboards.update(d.id, bob, { name: 'x' }))).toBe(
      '403 Dashboard is managed in the context of its owner',
    );
  });

  it('shows a viewer only the queries it may read', async () => {
    const open = await viz(alice, await query(alice));
    const closed = await viz(alice, await query(alice, { is_private: true }));
    const d = await dashboards.create(alice, { name: 'Mixed', visualization_ids: [open, closed] });
    const seen = await dashboards.visualizationsOf(d.id, null);
    expect(seen.map((v) => [v.visualization.id, v.query !== null])).toEqual([
      [open, true],
      [closed, false],
    ]);
    expect(await statusOf(dashboards.visualizationQuery(d.id, closed, bob.contextId))).toBe(
      '404 This visualization’s query is private.',
    );
    expect(
      (await dashboards.visualizationQuery(d.id, closed, alice.contextId)).query.owner_id,
    ).toBe(alice.contextId);
    expect(await statusOf(dashboards.create(bob, { name: 'x', visualization_ids: [closed] }))).toBe(
      `400 visualization_ids[0]: visualization ${closed} does not exist or is not readable here`,
    );
  });

  it('drops the parameter widgets of a deleted visualization', async () => {
    const q = await query(alice, {
      parameters: [{ key: 'n', type: 'number', value: '1' }],
    });
    const [v1, v2] = [await viz(alice, q), await viz(alice, q)];
    const d = await dashboards.create(alice, { name: 'Drop', visualization_ids: [v1, v2] });
    const [w1] = d.visualization_widgets;
    await dashboards.update(d.id, alice, {
      param_widgets: [{ key: 'n', query_id: q, visualization_widget_id: w1!.widget_id }],
    });
    await visualizations.delete(v1, alice);
    const after = await dashboards.readable(d.id, null);
    expect(after.visualization_widgets.map((w) => w.visualization_id)).toEqual([v2]);
    expect(after.param_widgets).toEqual([]);
    const params = await store.db
      .selectFrom('dashboard_widgets')
      .select('id')
      .where('dashboard_id', '=', d.id)
      .where('kind', '=', 'param')
      .execute();
    expect(params).toEqual([]);
    expect(await visualizations.get(v1)).toBeUndefined();
  });

  it('find and findBySlug answer null where readable and bySlug answer not found', async () => {
    const d = await dashboards.create(alice, { name: 'Hidden', is_private: true });
    expect((await dashboards.find(d.id, alice.contextId))?.id).toBe(d.id);
    expect((await dashboards.findBySlug('ALICE', 'hidden', alice.contextId))?.id).toBe(d.id);
    expect(await dashboards.find(d.id, bob.contextId)).toBeNull();
    expect(await dashboards.find(d.id, null)).toBeNull();
    expect(await dashboards.find(999_999, alice.contextId)).toBeNull();
    expect(await dashboards.findBySlug('alice', 'hidden', null)).toBeNull();
    expect(await dashboards.findBySlug('alice', 'no-such-slug', alice.contextId)).toBeNull();
    expect(await dashboards.findBySlug('nobody', 'hidden', alice.contextId)).toBeNull();
    expect(await statusOf(dashboards.readable(d.id, null))).toMatch(/^404 /);
    expect(await statusOf(dashboards.bySlug('alice', 'hidden', null))).toMatch(/^404 /);
  });
});
