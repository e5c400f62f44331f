import { describe, expect, it } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import {
  changeType,
  definitionErrors,
  definitionsToSave,
  newParameter,
  setDefault,
  setMultiselect,
  setOptionsSource,
} from './definitions';

const en: Parameter = {
  key: 'chain',
  type: 'enum',
  value: 'a',
  enumOptions: ['a', 'b'],
  isFreeformAllowed: false,
};

describe('changeType', () => {
  it('keeps a default that fits and replaces one that does not', () => {
    expect(changeType({ key: 'n', type: 'text', value: ' 12 ' }, 'number')).toEqual({
      key: 'n',
      type: 'number',
      value: '12',
    });
    expect(changeType({ key: 'n', type: 'text', value: 'abc' }, 'number').value).toBe('0');
    expect(changeType({ key: 'd', type: 'text', value: '2024-01-02' }, 'datetime').value).toBe(
      '2024-01-02',
    );
    expect(changeType({ key: 'd', type: 'number', value: '5' }, 'datetime').value).toMatch(
      /^\d{4}-\d{2}-\d{2} 00:00:00$/,
    );
  });

  it('drops enum-only fields when leaving enum and seeds options when entering it', () => {
    const multi = { ...en, isMultiselect: true, values: ['a'] };
    expect(changeType(multi, 'text')).toEqual({ key: 'chain', type: 'text', value: 'a' });
    expect(changeType({ key: 'x', type: 'text', value: 'eth' }, 'enum')).toEqual({
      key: 'x',
      type: 'enum',
      value: 'eth',
      enumOptions: ['eth'],
    });
    expect(changeType({ key: 'x', type: 'text', value: '' }, 'enum').enumOptions).toEqual([]);
  });

  it('returns the same object for the same type', () => {
    expect(changeType(en, 'enum')).toBe(en);
  });
});

describe('setMultiselect and setDefault', () => {
  it('turns the default into a list and back', () => {
    const on = setMultiselect(en, true);
    expect(on).toMatchObject({ isMultiselect: true, values: ['a'], value: 'a' });
    const two = setDefault(on, ['b', 'a']);
    expect(two).toMatchObject({ values: ['b', 'a'], value: 'b' });
    const off = setMultiselect(two, false);
    expect(off).toMatchObject({ isMultiselect: false, value: 'b' });
    expect(off).not.toHaveProperty('values');
  });

  it('leaves no empty value beside an empty list (the service would check it)', () => {
    const empty = setDefault(setMultiselect(en, true), []);
    expect(empty).not.toHaveProperty('value');
    expect(empty.values).toEqual([]);
    expect(definitionErrors([empty], '{{chain}}')).toEqual({});
  });

  it('sets one value on single parameters', () => {
    expect(setDefault(en, 'b').value).toBe('b');
    expect(setDefault(en, ['b']).value).toBe('b');
  });
});

describe('setOptionsSource', () => {
  it('switches between a list and another query’s column', () => {
    const fromResults = setOptionsSource(en, 'results');
    expect(fromResults).not.toHaveProperty('enumOptions');
    expect(fromResults.enumFromResults).toEqual({ queryId: 0, columnName: '' });
    const back = setOptionsSource(fromResults, 'list');
    expect(back).not.toHaveProperty('enumFromResults');
    expect(back.enumOptions).toEqual([]);
  });
});

describe('definitionErrors', () => {
  const sql = 'SELECT {{chain}}, {{n}}, {{t}}';

  it('is empty for definitions the service accepts', () => {
    expect(
      definitionErrors(
        [en, { key: 'n', type: 'number', value: '3' }, { key: 't', type: 'text', value: '' }],
        sql,
      ),
    ).toEqual({});
    expect(definitionErrors([newParameter('t')], sql)).toEqual({});
  });

  it('flags what the service refuses', () => {
    expect(
      definitionErrors(
        [
          { ...en, enumOptions: [] },
          { key: 'n', type: 'number', value: 'x' },
          { key: 'zzz', type: 'text', value: '' },
        ],
        sql,
      ),
    ).toEqual({
      chain: 'Add at least one option',
      n: 'Default: "x" is not a number',
      zzz: 'Not used in the SQL: it is removed when the query is saved',
    });
    expect(definitionErrors([en, { ...en, value: 'b' }], sql)).toEqual({
      chain: 'Another parameter is also called "chain"',
    });
    expect(definitionErrors([{ ...en, value: 'z' }], sql)).toEqual({
      chain: 'Default: "z" is not one of the options',
    });
    expect(definitionErrors([{ key: 'n', type: 'number', value: '' }], sql)).toEqual({
      n: 'Default: Enter a number',
    });
  });

  it('checks the source of options from results', () => {
    const src = (queryId: number, columnName: string): Parameter => ({
      key: 'chain',
      type: 'enum',
      value: 'anything',
      enumFromResults: { queryId, columnName },
    });
    expect(definitionErrors([src(0, 'c')], sql)).toEqual({ chain: 'Enter the id of the query' });
    expect(definitionErrors([src(3, ' ')], sql)).toEqual({
      chain: 'Enter the column to take the options from',
    });
    expect(definitionErrors([src(3, 'c')], sql)).toEqual({});
  });
});

describe('definitionsToSave', () => {
  it('drops the parameters the SQL no longer uses and names them', () => {
    const chain = newParameter('chain');
    const days = newParameter('days', 'number');
    expect(definitionsToSave([chain, days], 'SELECT {{days}}')).toEqual({
      parameters: [days],
      removed: ['chain'],
    });
  });
  it('adds a text parameter for each {{name}} without one, after the defined ones', () => {
    const days = newParameter('days', 'number');
    expect(definitionsToSave([days], "SELECT '{{who}}', {{days}}")).toEqual({
      parameters: [days, { key: 'who', type: 'text', value: '' }],
      removed: [],
    });
  });
});

describe('newParameter', () => {
  it('gives each type a default that fits it', () => {
    expect(newParameter('a')).toEqual({ key: 'a', type: 'text', value: '' });
    expect(newParameter('a', 'number')).toEqual({ key: 'a', type: 'number', value: '10' });
    expect(newParameter('a', 'datetime').value).toMatch(/^\d{4}-\d\d-\d\d 00:00:00$/);
    expect(newParameter('a', 'enum')).toEqual({
      key: 'a',
      type: 'enum',
      value: '',
      enumOptions: [],
    });
  });
});

describe('bytes (varbinary) parameters', () => {
  it('start without a default (each run is then given a value), or with one that fits', () => {
    const p = newParameter('wallet', 'varbinary');
    expect(p).toEqual({ key: 'wallet', type: 'varbinary', value: '' });
    expect(definitionErrors([p], 'SELECT {{wallet}}')).toEqual({});
    const set = setDefault(p, '0xab');
    expect(definitionErrors([set], 'SELECT {{wallet}}')).toEqual({});
    expect(definitionErrors([setDefault(p, '0xabc')], 'SELECT {{wallet}}')).toEqual({
      wallet: 'Default: "0xabc" is not 0x-prefixed hex of even length',
    });
  });
  it('keep a text default that is 0x-hex (lowercased) and drop one that is not', () => {
    expect(changeType({ key: 'w', type: 'text', value: ' 0xABcd ' }, 'varbinary')).toEqual({
      key: 'w',
      type: 'varbinary',
      value: '0xabcd',
    });
    expect(changeType({ key: 'w', type: 'text', value: 'vitalik.eth' }, 'varbinary').value).toBe(
      '',
    );
    expect(changeType({ ...en, isMultiselect: true, values: ['a'] }, 'varbinary')).toEqual({
      key: 'chain',
      type: 'varbinary',
      value: '',
    });
    expect(changeType({ key: 'w', type: 'varbinary', value: '0xab' }, 'text').value).toBe('0xab');
  });
  it('take a list of addresses', () => {
    const p = setMultiselect({ key: 'w', type: 'varbinary', value: '0xab' }, true);
    expect(p).toEqual({
      key: 'w',
      type: 'varbinary',
      isMultiselect: true,
      values: ['0xab'],
      value: '0xab',
    });
    expect(definitionErrors([setDefault(p, ['0xab', '0x1'])], 'SELECT {{w}}')).toEqual({
      w: 'Default: "0x1" is not 0x-prefixed hex of even length',
    });
  });
});
