import { describe, expect, it } from 'vitest';
import { withReferenceHint } from './run-error.js';

describe('withReferenceHint', () => {
  const HINT = "A saved query's result is read as query_<id>, its id a number";
  it('follows a missing query_<not a number> table, in either dialect', () => {
    expect(withReferenceHint("line 1:15: Table 'query_abc' does not exist")).toContain(
      `does not exist. ${HINT}`,
    );
    const duck = 'Catalog Error: Table with name query_x does not exist!\nDid you mean "t"?';
    expect(withReferenceHint(duck)).toMatch(
      new RegExp(`does not exist! ${HINT}.*\\nDid you mean "t"\\?$`),
    );
  });
  it('leaves other errors and well-formed references alone', () => {
    for (const m of [
      "line 1:15: Table 'query_12' does not exist",
      "Table 'query_12(n='1')' does not exist",
      "line 1:15: Table 'trades' does not exist",
      'Division by zero',
    ])
      expect(withReferenceHint(m)).toBe(m);
  });
});
