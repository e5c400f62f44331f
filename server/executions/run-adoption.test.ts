import { describe, expect, it } from 'vitest';
import type { ExecutionRecord } from './execution-record.js';
import {
  adoption,
  NOT_AN_EXECUTION_OF_THIS_CONTEXT,
  RUN_IN_OTHER_DIALECT,
  RUN_OF_ANOTHER_QUERY,
  RUN_OF_OTHER_SQL,
} from './run-adoption.js';

const query = {
  id: 7,
  owner_id: 1,
  version: 3,
  query_sql: 'SELECT * FROM t LIMIT {{n}}',
  dialect: 'dunesql' as const,
  parameters: [{ key: 'n', type: 'number' as const, value: '10' }],
};

const run = (over: Partial<ExecutionRecord> = {}) =>
  ({
    id: 'E',
    query_id: 0,
    context_id: 1,
    sql: 'SELECT * FROM t LIMIT 5',
    dialect: 'dunesql',
    parameters: { n: '5' },
    params_key: '[["n",["5"]]]',
    ...over,
  }) as ExecutionRecord;

describe('adoption of a run by a saved query', () => {
  it('accepts the owner context’s ad-hoc run of exactly the saved SQL, as a run of the query', () => {
    expect(adoption(run(), query)).toEqual({
      ok: true,
      changes: { queryId: 7, version: 3, paramsKey: '[["n",["5"]]]', parameters: { n: '5' } },
    });
    expect(adoption(run({ query_id: 7 }), query).ok).toBe(true);
  });
  it('records the parameter key the saved query’s runs use (unused definitions included)', () => {
    const withUnused = {
      ...query,
      parameters: [...query.parameters, { key: 'chain', type: 'text' as const, value: 'base' }],
    };
    const verdict = adoption(run(), withUnused);
    expect(verdict).toMatchObject({
      ok: true,
      changes: { paramsKey: '[["chain",["base"]],["n",["5"]]]' },
    });
  });
  it('refuses a missing run, another context’s, or a run of another query', () => {
    expect(adoption(undefined, query)).toEqual({
      ok: false,
      problem: NOT_AN_EXECUTION_OF_THIS_CONTEXT,
    });
    expect(adoption(run({ context_id: 2 }), query)).toMatchObject({
      problem: NOT_AN_EXECUTION_OF_THIS_CONTEXT,
    });
    expect(adoption(run({ query_id: 8 }), query)).toMatchObject({ problem: RUN_OF_ANOTHER_QUERY });
  });
  it('refuses a run of the same text in another dialect (it may mean something else)', () => {
    expect(adoption(run({ dialect: 'duckdb' }), query)).toEqual({
      ok: false,
      problem: RUN_IN_OTHER_DIALECT,
    });
    expect(adoption(run({ dialect: 'duckdb' }), { ...query, dialect: 'duckdb' }).ok).toBe(true);
  });
  it('refuses other SQL, and values that do not fit the saved definitions', () => {
    expect(adoption(run({ sql: 'SELECT * FROM t LIMIT 6' }), query)).toMatchObject({
      problem: RUN_OF_OTHER_SQL,
    });
    expect(adoption(run({ parameters: { n: 'x' } }), query)).toMatchObject({
      problem: RUN_OF_OTHER_SQL,
    });
    expect(adoption(run({ parameters: { n: '5', who: 'me' } }), query)).toMatchObject({
      problem: RUN_OF_OTHER_SQL,
    });
  });
});
