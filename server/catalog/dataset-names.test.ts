import { describe, expect, it } from 'vitest';
import { datasetNameProblem, parseDatasetName } from './dataset-names.js';

describe('dataset names', () => {
  it('takes <schema>.<table> with plain identifiers', () => {
    expect(parseDatasetName('ethereum.transactions')).toEqual({
      schema: 'ethereum',
      table: 'transactions',
    });
    expect(parseDatasetName('uniswap_v3.evt_Swap')).toEqual({
      schema: 'uniswap_v3',
      table: 'evt_Swap',
    });
  });

  it('names what is wrong', () => {
    expect(datasetNameProblem('transactions')).toMatch(/not <schema>\.<table>/);
    expect(datasetNameProblem('a.b.c')).toMatch(/not <schema>\.<table>/);
    expect(datasetNameProblem('eth.1tx')).toMatch(/"1tx" is not a name/);
    expect(datasetNameProblem('eth.tx-s')).toMatch(/"tx-s" is not a name/);
    expect(datasetNameProblem('.tx')).toMatch(/"" is not a name/);
    expect(datasetNameProblem(`eth.${'t'.repeat(129)}`)).toMatch(/longer than 128/);
    expect(datasetNameProblem(`eth.${'t'.repeat(128)}`)).toBeNull();
    expect(datasetNameProblem('dune.trades')).toMatch(/reserved for uploads/);
    expect(datasetNameProblem('Main.trades')).toMatch(/reserved/);
    expect(() => parseDatasetName('x')).toThrow(/bad dataset name/);
  });
});
