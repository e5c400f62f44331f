import { DuneClient, ExecutionState, QueryParameter } from '@duneanalytics/client-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * The hosted service's official TypeScript client, unchanged, pointed at this server by a fetch
 * wrapper that swaps its fixed base URL for ours.
 */
let t: TestServer;
let server: { url: string; close: () => Promise<void> };
let alice: TestUser;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await createTestServer({ maxDatapointsPerRequest: 250_000 });
  alice = await t.createUser('sdk_user');
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

describe('@duneanalytics/client-sdk against Strata', () => {
  it('creates, updates, reads, executes and reads a query', async () => {
    const client = new DuneClient(alice.key);
    const queryId = await client.query.createQuery({
      name: 'sdk query',
      query_sql: 'SELECT range AS n, range * {{factor}} AS scaled FROM range(70000)',
      query_parameters: [QueryParameter.number('factor', 2)],
      is_private: true,
    });
    expect(queryId).toBeGreaterThan(0);
    await client.query.updateQuery(queryId, {
      name: 'sdk query v2',
      tags: ['sdk'],
      query_sql: 'SELECT range AS n, range * {{factor}} AS scaled FROM range(70000)',
    });
    const q = await client.query.readQuery(queryId);
    expect(q).toMatchObject({
      name: 'sdk query v2',
      version: 2,
      is_private: true,
      tags: ['sdk'],
      owner: 'sdk_user',
    });
    expect(q.parameters[0]).toMatchObject({ key: 'factor', type: 'number', value: '2' });

    const results = await client.runQuery({
      queryId,
      query_parameters: [QueryParameter.number('factor', 3)],
      opts: { pingFrequency: 0.05 },
    });
    expect(results.state).toBe('QUERY_STATE_COMPLETED');
    expect(results.result?.metadata.total_row_count).toBe(70000);
    // the first page is clamped to 250k datapoints (125k rows of 2 columns would fit; all 70k do)
    expect(results.result?.rows[3]).toEqual({ n: 3, scaled: 9 });
  });

  it('runs SQL, pages results and reads CSV', async () => {
    const client = new DuneClient(alice.key);
    const exec = await client.exec.executeSql({ sql: 'SELECT range AS n FROM range(250)' });
    let status = await client.exec.getExecutionStatus(exec.execution_id);
    while (status.state === 'QUERY_STATE_PENDING' || status.state === 'QUERY_STATE_EXECUTING') {
      await new Promise((r) => setTimeout(r, 20));
      status = await client.exec.getExecutionStatus(exec.execution_id);
    }
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
    const page = await client.exec.getExecutionResults(exec.execution_id, {
      limit: 100,
      offset: 100,
    });
    expect(page.result?.rows).toHaveLength(100);
    expect(page.result?.rows[0]).toEqual({ n: 100 });
    expect(page.next_offset).toBe(200);
    const csv = await client.exec.getResultCSV(exec.execution_id, { limit: 3 });
    expect(csv.data).toBe('n\n0\n1\n2\n');
    expect(csv.next_offset).toBe(3);
  });

  it('reads the latest result of a query across pages, and its CSV', async () => {
    const client = new DuneClient(alice.key);
    const queryId = await client.query.createQuery({
      name: 'latest',
      query_sql: 'SELECT range AS n FROM range(1000)',
    });
    await client.runQuery({ queryId, opts: { pingFrequency: 0.05 } });
    const latest = await client.exec.getLastExecutionResults(queryId, { limit: 300 });
    expect(latest.results.result?.rows).toHaveLength(1000);
    const csv = await client.exec.getLastResultCSV(queryId, { limit: 400 });
    expect(
      csv.data
        .trim()
        .split('\n')
        .filter((l) => l !== 'n'),
    ).toHaveLength(1000);
  });

  it('execute → cancel → status: the first read after the acknowledgement is CANCELLED', async () => {
    const client = new DuneClient(alice.key);
    const queryId = await client.query.createQuery({ name: 'long', query_sql: SLOW_SQL });
    const execution = await client.exec.executeQuery(queryId);
    expect([ExecutionState.PENDING, ExecutionState.EXECUTING]).toContain(execution.state);
    // Cancel a running execution, not a pending one: wait until the engine has it.
    let status = await client.exec.getExecutionStatus(execution.execution_id);
    while (status.state === ExecutionState.PENDING) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = await client.exec.getExecutionStatus(execution.execution_id);
    }
    expect(status.state).toBe(ExecutionState.EXECUTING);

    expect(await client.exec.cancelExecution(execution.execution_id)).toBe(true);
    const after = await client.exec.getExecutionStatus(execution.execution_id);
    expect({
      state: after.state,
      execution_id: after.execution_id,
      query_id: after.query_id,
    }).toEqual({
      state: ExecutionState.CANCELLED,
      execution_id: execution.execution_id,
      query_id: queryId,
    });
    expect(after.cancelled_at).toBeDefined();
  });
});

describe("the official client's expectations about SQL (runs that name no dialect are DuneSQL)", () => {
  it('runSql of `select 1` gives the row {"_col0": 1} and archives its query', async () => {
    const client = new DuneClient(alice.key);
    const results = await client.runSql({
      query_sql: 'select 1',
      archiveAfter: true,
      isPrivate: true,
      opts: { pingFrequency: 0.05 },
    });
    expect(results.result?.rows).toEqual([{ _col0: 1 }]);
    expect((await client.query.readQuery(results.query_id)).is_archived).toBe(true);
  });

  it("fails a query naming an unknown column with Trino's message, line and column", async () => {
    const client = new DuneClient(alice.key);
    const failed = await client
      .runSql({ query_sql: 'select x', archiveAfter: true, opts: { pingFrequency: 0.05 } })
      .then(
        () => undefined,
        (err: unknown) => err as Error,
      );
    expect(failed?.message).toMatch(/state=QUERY_STATE_FAILED/);
    const executionId = /execution_id=(\w+)/.exec(failed!.message)![1]!;
    const status = await client.exec.getExecutionStatus(executionId);
    expect(status.error).toEqual({
      type: 'FAILED_TYPE_EXECUTION_FAILED',
      message: "line 1:8: Column 'x' cannot be resolved",
      metadata: { line: 1, column: 8 },
    });
  });
});
