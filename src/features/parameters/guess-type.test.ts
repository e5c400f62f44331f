import { describe, expect, it } from 'vitest';
import { guessParameterType } from './guess-type';

describe('guessing a new parameter’s type', () => {
  it('reads where the SQL uses it', () => {
    expect(guessParameterType('x', 'SELECT * FROM t LIMIT {{x}}')).toBe('number');
    expect(guessParameterType('x', "SELECT now() - INTERVAL '{{x}}' DAY")).toBe('number');
    expect(guessParameterType('x', 'SELECT * FROM t WHERE block_time >= {{x}}')).toBe('datetime');
    expect(guessParameterType('x', "SELECT * FROM t WHERE t.created_at < '{{x}}'")).toBe(
      'datetime',
    );
    expect(guessParameterType('x', "SELECT TIMESTAMP '{{x}}'")).toBe('datetime');
    expect(guessParameterType('x', "SELECT * FROM t WHERE symbol = '{{x}}'")).toBe('text');
  });
  it('falls back on the name', () => {
    expect(guessParameterType('days', 'SELECT {{days}}')).toBe('number');
    expect(guessParameterType('min_amount', 'SELECT {{min_amount}}')).toBe('number');
    expect(guessParameterType('start_date', 'SELECT {{start_date}}')).toBe('datetime');
    expect(guessParameterType('updated_at', 'SELECT {{updated_at}}')).toBe('datetime');
    expect(guessParameterType('since', 'SELECT {{ since }}')).toBe('datetime');
    expect(guessParameterType('chain', "SELECT '{{chain}}'")).toBe('text');
    expect(guessParameterType('wallet id', "SELECT '{{wallet id}}'")).toBe('text');
  });
  it('prefers the use over the name', () => {
    expect(guessParameterType('start', 'SELECT * FROM t LIMIT {{start}}')).toBe('number');
  });
});
