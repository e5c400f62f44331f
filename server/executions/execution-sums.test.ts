import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import type { Database } from '../store/schema.js';
import { Store, sqliteStore } from '../store/store.js';
import { ExecutionsRepo } from './executions-repo.js';

let dir: string;
let store: Store;
/** The statements the repo ran, as compiled. */
const ran: CompiledQuery[] = [];
let repo: ExecutionsRepo;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-execution-sums-'));
  store = sqliteStore(openDb(dir));
  const seen: Kysely<Database> = store.db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      ran.push(store.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  repo = new ExecutionsRepo(new Store(seen, 'sqlite'));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** SQLite's plan of the statement `read` runs. */
async function planOf(read: () => Promise<unknown>): Promise<string> {
  ran.length = 0;
  await read();
  expect(ran).toHaveLength(1);
  const q = ran[0]!;
  const plan = sql.raw(`EXPLAIN QUERY PLAN ${q.sql}`).compile(store.db);
  const rows = await store.db.executeQuery<{ detail: string }>({
    ...plan,
    parameters: q.parameters,
  });
  return rows.rows.map((r) => r.detail).join('\n');
}

/**
 * Every submit checks the context's credits and the bytes of its kept results: both are read
 * from an index of their own, so their cost does not grow with the context's whole history.
 */
describe('the sums a submit reads', () => {
  it("sums a billing period's credits from the index alone", async () => {
    const plan = await planOf(() => repo.creditsUsed(1, new Date(0), new Date()));
    expect(plan).toMatch(/USING COVERING INDEX executions_context_credits/);
  });

  it('sums the kept results from the index of kept results only', async () => {
    const plan = await planOf(() => repo.resultBytes(1));
    expect(plan).toMatch(/USING (COVERING )?INDEX executions_kept_results/);
  });
});
