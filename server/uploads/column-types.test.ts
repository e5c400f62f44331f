import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { checkName, checkSchema, checkType, sqlName } from './column-types.js';

const message = (fn: () => unknown) => {
  try {
    fn();
    return 'no error';
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('invalid');
    return (err as Error).message;
  }
};

describe('names', () => {
  it('lower-cases valid names', () => {
    expect(checkName('table', 'Trades_2024')).toBe('trades_2024');
    expect(checkName('column', '_x')).toBe('_x');
    expect(checkName('table', 'a'.repeat(128))).toHaveLength(128);
  });
  it.each(['', '1a', 'a-b', 'a b', 'é', 'a'.repeat(129), 'a.b', '"a"'])('rejects %j', (name) => {
    expect(message(() => checkName('table', name))).toMatch(/^invalid table name/);
  });
});

describe('schemas', () => {
  it('defaults nullable to true and normalises types', () => {
    expect(
      checkSchema([
        { name: 'A', type: ' BigInt ' },
        { name: 'b', type: 'date', nullable: false },
      ]),
    ).toEqual([
      { name: 'a', type: 'bigint', nullable: true },
      { name: 'b', type: 'date', nullable: false },
    ]);
  });
  it('rejects empty, duplicate, unknown types and too many columns', () => {
    expect(message(() => checkSchema([]))).toMatch(/at least one column/);
    expect(
      message(() =>
        checkSchema([
          { name: 'a', type: 'int' },
          { name: 'A', type: 'int' },
        ]),
      ),
    ).toMatch(/unsupported type "int"/);
    expect(
      message(() =>
        checkSchema([
          { name: 'a', type: 'bigint' },
          { name: 'A', type: 'double' },
        ]),
      ),
    ).toMatch(/duplicate column "a"/);
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `c${i}`, type: 'bigint' }));
    expect(message(() => checkSchema(many))).toMatch(/at most 1000/);
    expect(message(() => checkType('x', { array: 'bigint' }))).toMatch(
      /unsupported type \{"array"/,
    );
  });
});

describe('SQL names', () => {
  it('quotes only names that need it', () => {
    expect(sqlName('alice')).toBe('alice');
    expect(sqlName('21co')).toBe('"21co"');
    expect(sqlName('data-team')).toBe('"data-team"');
  });
});
