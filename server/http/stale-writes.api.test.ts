import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * Two editors of one object: the second PATCH, made to the version both loaded, is refused with
 * 409 when it says which version it edits (If-Match), instead of silently overwriting.
 */
let t: TestServer;
let alice: TestUser;
const objects: { kind: string; url: string; change: (n: number) => Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  const q = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: { name: 'q', query_sql: 'SELECT 1 AS one' },
  });
  const viz = await t.call('POST', `/api/v1/query/${q.json.query_id}/visualizations`, {
    key: alice.key,
    body: { name: 'v', type: 'table', options: {} },
  });
  const dash = await t.call('POST', '/api/v1/dashboards', {
    key: alice.key,
    body: { name: 'd' },
  });
  objects.push(
    { kind: 'query', url: `/api/v1/query/${q.json.query_id}`, change: (n) => ({ name: `q${n}` }) },
    {
      kind: 'visualization',
      url: `/api/v1/visualizations/${viz.json.id}`,
      change: (n) => ({ name: `v${n}` }),
    },
    {
      kind: 'dashboard',
      url: `/api/v1/dashboards/${dash.json.dashboard_id}`,
      change: (n) => ({ name: `d${n}` }),
    },
  );
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { key: alice.key });
const patch = (url: string, body: Record<string, unknown>, ifMatch?: string) =>
  t.call('PATCH', url, {
    key: alice.key,
    body,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

describe.each([0, 1, 2])(
  'PATCH with If-Match (object %i: query, visualization, dashboard)',
  (i) => {
    it('takes a change to the current version and refuses one to an older version with 409', async () => {
      const o = objects[i]!;
      const first = await get(o.url);
      expect(first.headers.get('etag')).toBe(`"${first.json.version}"`);
      const loaded = first.json.version as number;

      // Editor A saves first, with the version both loaded.
      expect((await patch(o.url, o.change(1), `"${loaded}"`)).status).toBe(200);
      const afterA = await get(o.url);
      expect(afterA.json.version).toBe(loaded + 1);
      expect(afterA.headers.get('etag')).toBe(`"${loaded + 1}"`);

      // Editor B saves over the same loaded version: refused, and A's change stays.
      const stale = await patch(o.url, o.change(2), `"${loaded}"`);
      expect(stale.status).toBe(409);
      expect(stale.json).toEqual({
        error: `the ${o.kind} was changed since version ${loaded} (it is now version ${loaded + 1}); reload it and apply your change again`,
      });
      expect((await get(o.url)).json.name).toBe(o.change(1).name);

      // Weak ETags, bare numbers and * are understood; no If-Match keeps the hosted behaviour.
      expect((await patch(o.url, o.change(3), `W/"${loaded + 1}"`)).status).toBe(200);
      expect((await patch(o.url, o.change(4), String(loaded + 2))).status).toBe(200);
      expect((await patch(o.url, o.change(5), '*')).status).toBe(200);
      expect((await patch(o.url, o.change(6))).status).toBe(200);
      expect((await get(o.url)).json.version).toBe(loaded + 5);
    });

    it('answers 400 for an If-Match that names no version', async () => {
      const o = objects[i]!;
      for (const bad of ['"abc"', 'v3', '"1", "2"', '-1']) {
        const r = await patch(o.url, o.change(9), bad);
        expect(r.status).toBe(400);
        expect(r.json.error).toMatch(/^If-Match must name the version/);
      }
    });
  },
);
