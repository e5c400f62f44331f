import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';
import { runSql, waitFinished } from '../test/executions-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const get = (key: string, url: string) => t.call('GET', `/api/v1${url}`, { key });

async function createQuery(key: string, body: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'Shared', query_sql: 'SELECT 7 AS seven', ...body },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.query_id as number;
}

async function execute(key: string, id: number) {
  const r = await t.call('POST', `/api/v1/query/${id}/execute`, { key });
  expect(r.status, r.text).toBe(200);
  await waitFinished(t, key, r.json.execution_id);
  return r.json.execution_id as string;
}

/** Every read of an execution: status, a JSON page, CSV. */
async function reads(key: string, id: string) {
  return [
    (await get(key, `/execution/${id}/status`)).status,
    (await get(key, `/execution/${id}/results?limit=10`)).status,
    (await get(key, `/execution/${id}/results/csv`)).status,
  ];
}

describe('reading the executions behind a public query’s latest result', () => {
  it('anyone who can read the query reads the owner’s run of it, but cannot cancel it', async () => {
    const owner = await t.createUser('acc_owner');
    const viewer = await t.createUser('acc_viewer');
    const id = await createQuery(owner.key);
    const run = await execute(owner.key, id);
    // The latest result names the run; its status and pages now read for the viewer too.
    expect((await get(viewer.readKey, `/query/${id}/results`)).json.execution_id).toBe(run);
    expect(await reads(viewer.readKey, run)).toEqual([200, 200, 200]);
    const page = await get(viewer.readKey, `/execution/${run}/results?limit=10&offset=0`);
    expect(page.json.result.rows).toEqual([{ seven: 7 }]);
    expect((await get(viewer.readKey, `/execution/${run}/results/csv`)).text).toBe('seven\n7\n');
    const cancel = await t.call('POST', `/api/v1/execution/${run}/cancel`, { key: viewer.key });
    expect(cancel.status).toBe(404);
  });

  it('a team’s run of its public query reads for a member acting as themselves', async () => {
    const member = await t.createUser('acc_member');
    const team = await t.createTeam('acc_team', member);
    const id = await createQuery(team.key);
    const run = await execute(team.key, id);
    expect(await reads(member.key, run)).toEqual([200, 200, 200]);
  });

  it('the owner’s run of a private query, or of one made private since, is 404 to others', async () => {
    const owner = await t.createUser('acc_priv_owner');
    const viewer = await t.createUser('acc_priv_viewer');
    const secret = await createQuery(owner.key, { is_private: true });
    const run = await execute(owner.key, secret);
    expect(await reads(viewer.key, run)).toEqual([404, 404, 404]);
    expect(await reads(owner.key, run)).toEqual([200, 200, 200]);

    const later = await createQuery(owner.key);
    const before = await execute(owner.key, later);
    expect(await reads(viewer.key, before)).toEqual([200, 200, 200]);
    await t.call('POST', `/api/v1/query/${later}/private`, { key: owner.key });
    expect(await reads(viewer.key, before)).toEqual([404, 404, 404]);
  });

  it('ad-hoc runs and a third context’s runs of a public query stay private to their context', async () => {
    const owner = await t.createUser('acc_adhoc_owner');
    const third = await t.createUser('acc_third');
    const viewer = await t.createUser('acc_adhoc_viewer');
    const adhoc = await runSql(t, owner.key, 'SELECT 1 AS one');
    expect(await reads(viewer.key, adhoc.id)).toEqual([404, 404, 404]);
    const id = await createQuery(owner.key);
    // The third context's run may have read its private tables: never shown to others.
    const theirs = await execute(third.key, id);
    expect(await reads(viewer.key, theirs)).toEqual([404, 404, 404]);
    expect(await reads(owner.key, theirs)).toEqual([404, 404, 404]);
    expect(await reads(third.key, theirs)).toEqual([200, 200, 200]);
  });

  it('an unknown id is 404, a malformed one 400, no key 401', async () => {
    const viewer = await t.createUser('acc_bad');
    expect(await reads(viewer.key, '01ARZ3NDEKTSV4RRFFQ69G5FAV')).toEqual([404, 404, 404]);
    expect(await reads(viewer.key, 'nope')).toEqual([400, 400, 400]);
    expect(
      (await t.call('GET', '/api/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/status')).status,
    ).toBe(401);
  });
});
