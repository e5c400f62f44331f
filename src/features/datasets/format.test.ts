import { describe, expect, it } from 'vitest';
import {
  cellText,
  chainChoices,
  contractLine,
  rangeLabel,
  typeColor,
  typeLabel,
  visibleChains,
} from './format';

describe('hit formatting', () => {
  it('names dataset types, and unknown ones readably', () => {
    expect(typeLabel('decoded_table')).toBe('Decoded table');
    expect(typeLabel('uploaded_table')).toBe('Uploaded table');
    expect(typeLabel('some_new_type')).toBe('some new type');
    expect(typeColor('spell')).toBe('teal');
    expect(typeColor('some_new_type')).toBe('gray');
  });

  it('joins the contract metadata that is present', () => {
    expect(
      contractLine({
        project_name: 'uniswap_v3',
        contract_name: 'UniswapV3Pool',
        abi_type: 'event',
      }),
    ).toBe('uniswap_v3 · UniswapV3Pool · event');
    expect(contractLine({ project_name: 'erc20', contract_name: '  ', abi_type: 3 })).toBe('erc20');
    expect(contractLine({ description: 'x' })).toBeNull();
    expect(contractLine(undefined)).toBeNull();
  });

  it('shows a few chains and counts the rest', () => {
    expect(visibleChains(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleChains(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      shown: ['a', 'b', 'c', 'd'],
      more: 2,
    });
  });

  it('offers known, seen and chosen chains once, sorted', () => {
    expect(chainChoices(['ethereum', 'base'], ['solana'], ['base', 'arbitrum'])).toEqual([
      'arbitrum',
      'base',
      'ethereum',
      'solana',
    ]);
  });

  it('labels the range of a page', () => {
    expect(rangeLabel(0, 20, 57)).toBe('1–20 of 57');
    expect(rangeLabel(40, 17, 57)).toBe('41–57 of 57');
    expect(rangeLabel(60, 0, 57)).toBe('0 of 57');
  });

  it('writes preview cells as text', () => {
    expect(cellText(null)).toBe('NULL');
    expect(cellText(undefined)).toBe('NULL');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(false)).toBe('false');
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
  });
});
