import { describe, expect, it } from 'vitest';
import { duneFunction, duneFunctions } from '../../shared/sql/dunesql/functions.js';
import { readmeSection } from '../test/readme.js';

/** Backticked plain function names (`name` or `name/other`), not SQL fragments or families. */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const [, code] of text.matchAll(/`([^`]+)`/g))
    if (!code!.includes('.'))
      for (const part of code!.split('/'))
        if (/^[a-z_][a-z0-9_]*$/.test(part) && !part.endsWith('_')) names.push(part);
  return names;
}

describe('README: DuneSQL on Strata', () => {
  const text = readmeSection('### DuneSQL on Strata: what runs, and what does not');
  const functions = text.slice(text.indexOf('- **Functions**'), text.indexOf('- **Trino'));
  const refused = text.slice(text.indexOf('Not supported'), text.indexOf('Known differences'));

  it('names functions that run as running', () => {
    const named = namesIn(functions).filter((n) => !['varbinary', 'bytearray'].includes(n));
    expect(named.length).toBeGreaterThan(20);
    for (const name of named) {
      expect(duneFunction(name), name).toBeDefined();
      expect(duneFunction(name)!.run.kind, name).not.toBe('unsupported');
    }
  });

  it('names unsupported functions as unsupported', () => {
    const named = namesIn(refused).filter((n) => !['array_join', 'array_agg', 'x'].includes(n));
    expect(named.length).toBeGreaterThan(10);
    for (const name of named) expect(duneFunction(name)?.run.kind, name).toBe('unsupported');
  });

  it('says how many functions run, to the nearest ten', () => {
    const running = duneFunctions().filter((f) => f.run.kind !== 'unsupported').length;
    const said = Number(/about (\d+) run/.exec(text)?.[1]);
    expect(Math.abs(said - running)).toBeLessThanOrEqual(10);
  });
});
