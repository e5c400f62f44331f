import { DuneClient, QueryEngine } from '@duneanalytics/client-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { upsertView } from '../test/matviews-helpers.js';
import { createQuery } from '../pipelines/pipelines-test-helpers.js';

/**
 * The hosted service's official TypeScript client, unchanged, pointed at this server by a fetch
 * wrapper that swaps its fixed base URL for ours (as in sdk.api.test.ts).
 */
let t: TestServer;
let server: { url: string; close: () => Promise<void> };
let alice: TestUser;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('sdk_pipes');
  server = await t.listen();
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return realFetch(url.replace('https://api.dune.com/api', `${server.url}/api`), init);
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
  await t.close();
});

describe('@duneanalytics/client-sdk pipelines against Strata', () => {
  it('executes a query pipeline and polls its status to the end', async () => {
    const source = await createQuery(t, alice.key, 'SELECT 5 AS v');
    await upsertView(t, alice.key, { name: 'result_sdk_src', query_id: source });
    const queryId = await createQuery(
      t,
      alice.key,
      'SELECT v * 2 AS twice FROM dune.sdk_pipes.result_sdk_src',
    );
    const client = new DuneClient(alice.key);
    const { pipeline_execution_id } = await client.exec.executeQueryPipeline(queryId, {
      performance: QueryEngine.Medium,
    });
    expect(pipeline_execution_id).toMatch(/^[0-9A-Z]{26}$/);
    let status = await client.pipeline.getPipelineStatus(pipeline_execution_id);
    for (
      let i = 0;
      i < 500 && (status.status === 'pending' || status.status === 'executing');
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
      status = await client.pipeline.getPipelineStatus(pipeline_execution_id);
    }
    expect(status.status).toBe('completed');
    expect(status.node_executions).toHaveLength(2);
    const last = status.node_executions[1]!;
    expect(last.query_execution_status).toMatchObject({ query_id: queryId, status: 'completed' });
    const results = await client.exec.getExecutionResults(last.query_execution_status.execution_id);
    expect(results.result?.rows).toEqual([{ twice: 10 }]);
  });
});
