import type { TestServer } from './harness.js';

/** Saves a query as `key`'s context; `params` gives it a number parameter `n` (default 1). */
export async function saveQuery(
  t: TestServer,
  key: string,
  q: { name: string; sql: string; isPrivate: boolean; params?: boolean },
): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key,
    body: {
      name: q.name,
      query_sql: q.sql,
      is_private: q.isPrivate,
      parameters: q.params ? [{ key: 'n', type: 'number', value: '1' }] : [],
    },
  });
  return r.json.query_id as number;
}
