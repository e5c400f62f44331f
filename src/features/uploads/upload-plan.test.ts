import { describe, expect, it } from 'vitest';
import { planUpload, schemaDifferences, type SchemaColumn } from './upload-plan';

const table = {
  columns: [
    { name: 'id', type: 'varchar', nullable: true },
    { name: 'amount', type: 'double', nullable: true },
    { name: 'day', type: 'date', nullable: false },
  ],
};
const same: SchemaColumn[] = [
  { name: 'id', type: 'varchar', nullable: true },
  { name: 'amount', type: 'double', nullable: true },
  { name: 'day', type: 'date', nullable: true },
];

describe('schemaDifferences', () => {
  it('is empty for the same columns in any order, and for a left-out nullable column', () => {
    expect(schemaDifferences(table.columns, [...same].reverse())).toEqual([]);
    expect(schemaDifferences(table.columns, same.slice(1))).toEqual([]);
  });

  it('names unknown columns, other types and missing required columns', () => {
    expect(
      schemaDifferences(table.columns, [
        { name: 'id', type: 'bigint', nullable: true },
        { name: 'extra', type: 'varchar', nullable: true },
      ]),
    ).toEqual([
      'Column "id" is varchar in the table, bigint here.',
      'The table has no column "extra".',
      'Column "day" of the table is missing from the file and may not be empty.',
    ]);
  });
});

describe('planUpload', () => {
  it('creates then inserts a new table; an existing name is a problem', () => {
    expect(planUpload('new', 't', undefined, same)).toEqual({
      ok: true,
      actions: ['create', 'insert'],
      confirm: null,
      note: null,
    });
    const plan = planUpload('new', 't', table, same);
    expect(plan).toEqual({
      ok: false,
      problems: [expect.stringContaining('append to it or replace it')],
    });
  });

  it('appends only to an existing table with the same columns', () => {
    expect(planUpload('append', 't', table, same)).toMatchObject({ ok: true, actions: ['insert'] });
    expect(planUpload('append', 't', undefined, same)).toEqual({
      ok: false,
      problems: ['There is no table named "t" to append to.'],
    });
    const changed = same.map((c) => (c.name === 'amount' ? { ...c, type: 'bigint' as const } : c));
    expect(planUpload('append', 't', table, changed)).toEqual({
      ok: false,
      problems: ['Column "amount" is double in the table, bigint here.'],
    });
  });

  it('replaces the rows in one step when the columns match, else by delete and create after a confirmation', () => {
    expect(planUpload('replace', 't', table, same)).toMatchObject({
      ok: true,
      actions: ['replace'],
      confirm: null,
      note: expect.stringContaining('keeps the columns'),
    });
    const changed = same.map((c) => (c.name === 'id' ? { ...c, type: 'bigint' as const } : c));
    const plan = planUpload('replace', 't', table, changed);
    expect(plan).toMatchObject({ ok: true, actions: ['delete', 'create', 'insert'] });
    expect(plan.ok && plan.confirm).toContain('Column "id" is varchar in the table, bigint here.');
    expect(planUpload('replace', 't', undefined, same)).toMatchObject({
      ok: true,
      actions: ['create', 'insert'],
    });
  });
});
