import { describe, expect, it } from 'vitest';
import { eventTopic, functionSelector, keccak256Hex } from './keccak.js';

describe('keccak256Hex', () => {
  it('is Keccak-256, not SHA3-256 (they differ in padding)', () => {
    // the empty input: Keccak-256 is c5d2…; SHA3-256 would be a7ff…
    expect(keccak256Hex('')).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
  });

  it('gives the well-known event topics and function selectors', () => {
    expect(eventTopic('Transfer(address,address,uint256)')).toBe(
      'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    );
    expect(eventTopic('Swap(address,address,int256,int256,uint160,uint128,int24)')).toBe(
      'c42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67',
    );
    expect(functionSelector('transfer(address,uint256)')).toBe('a9059cbb');
    expect(functionSelector('approve(address,uint256)')).toBe('095ea7b3');
  });

  it('absorbs inputs across the 136-byte block boundary', () => {
    // checked against an independent implementation of the Keccak reference
    expect(keccak256Hex('a'.repeat(135))).toBe(
      '34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446',
    );
    expect(keccak256Hex('a'.repeat(136))).toBe(
      'a6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e',
    );
    expect(keccak256Hex(new Uint8Array(300).fill(0x61))).toBe(
      '5b7e0e47a96f32a88b4f14ca177982790807c40e1a105742ba0fc1babe1ef826',
    );
  });
});
