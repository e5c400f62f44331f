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
  it('takes addresses and hashes compared unquoted for bytes', () => {
    expect(guessParameterType('x', 'SELECT * FROM t WHERE "from" = {{x}}')).toBe('varbinary');
    expect(guessParameterType('x', 'SELECT * FROM t WHERE tx_to <> {{x}}')).toBe('varbinary');
    expect(guessParameterType('x', 'SELECT * FROM t WHERE t.contract_address = {{x}}')).toBe(
      'varbinary',
    );
    expect(guessParameterType('x', 'SELECT * FROM t WHERE tx_hash IN ({{x}})')).toBe('varbinary');
    expect(guessParameterType('wallet', 'SELECT {{wallet}}')).toBe('varbinary');
    expect(guessParameterType('token_address', 'SELECT {{token_address}}')).toBe('varbinary');
    // Quoted it is text; names that end in from/to are times, as before.
    expect(guessParameterType('x', 'SELECT * FROM t WHERE "from" = \'{{x}}\'')).toBe('text');
    expect(guessParameterType('wallet', "SELECT '{{wallet}}'")).toBe('text');
    expect(guessParameterType('date_to', 'SELECT {{date_to}}')).toBe('datetime');
    expect(guessParameterType('from', 'SELECT {{from}}')).toBe('datetime');
  });
  it('takes a default written 0x… for bytes', () => {
    expect(guessParameterType('who', 'SELECT {{who}}', '0x' + 'ab'.repeat(20))).toBe('varbinary');
    expect(guessParameterType('who', 'SELECT {{who}}', '0xabc')).toBe('text');
    expect(guessParameterType('n', 'SELECT {{n}}', '0x')).toBe('varbinary');
  });
  it('prefers the use over the name', () => {
    expect(guessParameterType('start', 'SELECT * FROM t LIMIT {{start}}')).toBe('number');
  });
});
