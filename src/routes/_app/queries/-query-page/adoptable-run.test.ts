import { describe, expect, it } from 'vitest';
import { runToAdopt, type LastRun } from './adoptable-run';

const days = { key: 'days', type: 'number' as const, value: '7' };
const chain = { key: 'chain', type: 'text' as const, value: '' };
const SQL = 'SELECT {{days}}';
const run: LastRun = { id: 'E1', sql: SQL, scope: 'query', parameters: [days] };

describe('runToAdopt', () => {
  it('keeps the last run of the whole text with the same definitions', () => {
    expect(runToAdopt(run, { sql: SQL, parameters: [days] })).toBe('E1');
  });
  it('ignores definitions the SQL does not use, on either side', () => {
    expect(
      runToAdopt({ ...run, parameters: [days, chain] }, { sql: SQL, parameters: [days] }),
    ).toBe('E1');
    expect(runToAdopt(run, { sql: SQL, parameters: [chain, days] })).toBe('E1');
  });
  it('not a run of other text, of a statement or selection, or with other definitions', () => {
    expect(runToAdopt(undefined, { sql: SQL, parameters: [days] })).toBeUndefined();
    expect(runToAdopt(run, { sql: 'SELECT {{days}} + 1', parameters: [days] })).toBeUndefined();
    expect(runToAdopt({ ...run, scope: 'statement' }, { sql: SQL, parameters: [days] })).toBe(
      undefined,
    );
    expect(runToAdopt(run, { sql: SQL, parameters: [{ ...days, type: 'text' }] })).toBeUndefined();
    expect(runToAdopt(run, { sql: SQL, parameters: [{ ...days, value: '30' }] })).toBeUndefined();
  });
});
