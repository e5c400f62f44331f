import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { runSql, waitFinished } from '../test/executions-helpers.js';
import { createTable, insertCsv } from '../test/uploads-helpers.js';

/**
 * Schema-driven fuzzing over the OpenAPI document: every operation is called with malformed
 * path and query parameters and bodies (wrong types, missing and extra fields, huge, deep and
 * NUL-bearing values). No answer may be a 5xx, and every error must be `{"error": "..."}`.
 * Cases are enumerated, not random, so a failure repeats.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Param = { in: string; name: string };
type Op = { method: string; path: string; params: Param[]; body?: Schema; raw?: string[] };

let t: TestServer;
let alice: TestUser;
let ops: Op[] = [];
const good: Record<string, string> = {};

const deep = (n: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** Values that replace one body field at a time. */
const FIELD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  'x',
  'x'.repeat(100_000),
  'a\u0000b',
  '\uD800',
  "'; DROP TABLE queries; --",
  '{{x}}',
  true,
  [],
  [null],
  ['a\u0000b'],
  Array.from({ length: 2000 }, (_, i) => i),
  {},
  { a: 'b' },
  deep(60),
  JSON.parse(deepArray(60)),
];

/** Values that replace one path or query parameter at a time (already URL-encoded). */
const PARAM_VALUES = [
  '',
  '0',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999999',
  'abc',
  '%00',
  'a%00b',
  '%FF',
  'x'.repeat(3000),
  "'",
  '%22',
  '[[[[',
  '%7B%22a%22%3A',
  'true',
  encodeURIComponent("n = 'a\u0000b'"),
  encodeURIComponent("m = 'a\u0000b'"),
  encodeURIComponent("m LIKE 'a\u0000%' OR m IN ('\u0000')"),
  encodeURIComponent("n IN ('a', 'b\u0000') AND (m > 1 OR m < 0)"),
  encodeURIComponent('n desc, "m" asc, x'),
  encodeURIComponent('"'),
  encodeURIComponent('a,,b,"c""d"'),
  '01ZZZZZZZZZZZZZZZZZZZZZZZZ',
];

const RAW_BODIES = [
  '',
  'null',
  '[]',
  '"x"',
  '1',
  '{',
  '{"a":1}',
  'a=1&b=2',
  '\u0000',
  JSON.stringify(deep(60)),
];

function resolve(
  s: Schema | undefined,
  doc: { components?: { schemas?: Record<string, Schema> } },
  depth = 0,
): Schema | undefined {
  if (!s || depth > 8) return s;
  if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!], doc, depth + 1);
  const out: Schema = { ...s };
  if (s.properties)
    out.properties = Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1)!]),
    );
  if (s.items) out.items = resolve(s.items, doc, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (s[key]) out[key] = s[key]!.map((x) => resolve(x, doc, depth + 1)!);
  return out;
}

/** A plausible value of a schema, to build a body that fits but for the field being mutated. */
function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 5) return 'x';
  const alt = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  if (alt) return sample(alt, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const o: Record<string, unknown> = {};
    for (const k of s.required ?? []) o[k] = sample(s.properties?.[k], depth + 1);
    return o;
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  return 'x';
}

function fill(path: string, replace?: [string, string]): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    replace?.[0] === name ? replace[1] : (good[`${path}:${name}`] ?? good[name] ?? '1'),
  );
}

type Outcome = { request: string; status: number; body: string };
const failures: Outcome[] = [];
let calls = 0;

async function probe(method: string, url: string, body?: string, contentType = 'application/json') {
  calls++;
  const r = await t.call(method, url, {
    key: alice.key,
    ...(body === undefined ? {} : { raw: { body, contentType } }),
  });
  const isJsonError = r.status < 400 || (r.json !== undefined && typeof r.json.error === 'string');
  if (r.status >= 500 || !isJsonError)
    failures.push({
      request: `${method} ${url.slice(0, 200)} ${body?.slice(0, 200) ?? ''}`,
      status: r.status,
      body: r.text.slice(0, 200),
    });
}

/** Every malformed variant of one operation. */
async function fuzz(op: Op) {
  const base = fill(op.path);
  for (const p of op.params.filter((x) => x.in === 'path'))
    for (const v of PARAM_VALUES) await probe(op.method, fill(op.path, [p.name, v]));
  for (const p of op.params.filter((x) => x.in === 'query'))
    for (const v of PARAM_VALUES) await probe(op.method, `${base}?${p.name}=${v}`);
  if (op.raw) {
    for (const ct of [...op.raw, 'text/plain'])
      for (const body of ['', 'a,b\n1', '{"a":1}\n{', '\u0000', 'x'.repeat(10_000)])
        await probe(op.method, base, body, ct);
    return;
  }
  if (op.method === 'get' || op.method === 'delete') return;
  for (const body of RAW_BODIES) await probe(op.method, base, body);
  const schema = op.body;
  if (!schema) return;
  const valid = sample(schema) as Record<string, unknown>;
  if (typeof valid !== 'object' || valid === null) return;
  await probe(op.method, base, JSON.stringify(valid));
  await probe(op.method, base, JSON.stringify({ ...valid, unknown_field: 1 }));
  for (const field of Object.keys(schema.properties ?? {})) {
    const { [field]: _dropped, ...without } = valid;
    await probe(op.method, base, JSON.stringify(without));
    for (const v of FIELD_VALUES)
      await probe(op.method, base, JSON.stringify({ ...valid, [field]: v }));
  }
}

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  const bob = await t.createUser('bob');
  const team = await t.createTeam('fuzzteam', alice);
  await t.deps.accounts.addMember(team.account.id, bob.account.id, 'member');
  await createTable(t, alice.key, 'alice', 't');
  await insertCsv(t, alice.key, 'alice', 't', 'id,name,amount\n1,a,1.5\n2,b,2.5\n');
  const q = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: {
      name: 'fuzz',
      query_sql: "SELECT id AS n, name AS m FROM dune.alice.t WHERE '{{p}}' <> 'z'",
      parameters: [{ key: 'p', type: 'text', value: 'a' }],
    },
  });
  const queryId = String(q.json.query_id);
  const ex = await t.call('POST', `/api/v1/query/${queryId}/execute`, { key: alice.key });
  await waitFinished(t, alice.key, ex.json.execution_id);
  const viz = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: alice.key,
    body: { name: 'v', type: 'table', options: {} },
  });
  const dash = await t.call('POST', '/api/v1/dashboards', {
    key: alice.key,
    body: { name: 'fuzz dash', visualization_ids: [viz.json.id] },
  });
  const mv = await t.call('POST', '/api/v1/materialized-views', {
    key: alice.key,
    body: { name: 'result_fuzz', query_id: Number(queryId) },
  });
  await waitFinished(t, alice.key, mv.json.execution_id);
  const pipe = await t.call('POST', '/api/v1/pipelines/execute', {
    key: alice.key,
    body: { query_id: Number(queryId) },
  });
  const keyId = (await t.deps.keys.create(alice.account.id, 'read', alice.account.id)).info.id;
  await runSql(t, alice.key, 'SELECT 1');
  Object.assign(good, {
    query_id: queryId,
    version: '1',
    execution_id: ex.json.execution_id,
    handle: 'fuzzteam',
    user: 'bob',
    '/api/v1/keys/{id}:id': keyId,
    id: String(viz.json.id),
    slug: 'dune.alice.t',
    '/api/v1/dashboards/by-slug/{owner_handle}/{slug}:slug': dash.json.slug,
    owner_handle: 'alice',
    dashboard_id: String(dash.json.dashboard_id),
    visualization_id: String(viz.json.id),
    namespace: 'alice',
    table_name: 't',
    name: mv.json.name,
    pipeline_execution_id: pipe.json.pipeline_execution_id,
  });

  const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
  for (const [path, byMethod] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths))
    for (const [method, op] of Object.entries(byMethod)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> })?.content;
      const raw = content && !content['application/json'] ? Object.keys(content) : undefined;
      ops.push({
        method,
        path,
        params: (op.parameters as Param[] | undefined) ?? [],
        body: resolve(content?.['application/json']?.schema, doc),
        raw,
      });
    }
  // Destructive operations last, so the others meet existing objects.
  const last = (o: Op) =>
    (o.method === 'delete' ? 2 : 0) + (/archive|clear|signout|cancel/.test(o.path) ? 1 : 0);
  ops = ops.sort((a, b) => last(a) - last(b));
}, 120_000);
afterAll(() => t.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx, and every error is {"error": "..."}', async () => {
    expect(ops.length).toBeGreaterThanOrEqual(70);
    for (const op of ops) await fuzz(op);
    console.log(`fuzz: ${calls} requests over ${ops.length} operations`);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
