import { describe, expect, it } from 'vitest';
import { runToAdopt, type LastRun, type Saving } from './adoptable-run';

const days = { key: 'days', type: 'number' as const, value: '7' };
const chain = { key: 'chain', type: 'text' as const, value: '' };
const SQL = 'SELECT {{days}}';
const run: LastRun = {
  id: 'E1',
  sql: SQL,
  scope: 'query',
  parameters: [days],
  dialect: 'dunesql',
};
const saving = (extra: Partial<Saving> = {}): Saving => ({
  sql: SQL,
  parameters: [days],
  dialect: 'dunesql',
  ...extra,
});

describe('runToAdopt', () => {
  it('keeps the last run of the whole text with the same definitions', () => {
    expect(runToAdopt(run, saving())).toBe('E1');
  });
  it('ignores definitions the SQL does not use, on either side', () => {
    expect(runToAdopt({ ...run, parameters: [days, chain] }, saving())).toBe('E1');
    expect(runToAdopt(run, saving({ parameters: [chain, days] }))).toBe('E1');
  });
  it('not a run of other text, of a statement or selection, or with other definitions', () => {
    expect(runToAdopt(undefined, saving())).toBeUndefined();
    expect(runToAdopt(run, saving({ sql: 'SELECT {{days}} + 1' }))).toBeUndefined();
    expect(runToAdopt({ ...run, scope: 'statement' }, saving())).toBeUndefined();
    expect(runToAdopt(run, saving({ parameters: [{ ...days, type: 'text' }] }))).toBeUndefined();
    expect(runToAdopt(run, saving({ parameters: [{ ...days, value: '30' }] }))).toBeUndefined();
  });
  it('not a run in another dialect than the one saved', () => {
    expect(runToAdopt(run, saving({ dialect: 'duckdb' }))).toBeUndefined();
    expect(runToAdopt({ ...run, dialect: 'duckdb' }, saving({ dialect: 'duckdb' }))).toBe('E1');
  });
});
