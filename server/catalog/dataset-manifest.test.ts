import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_DATASETS,
  MAX_MANIFEST_BYTES,
  parseManifest,
  readManifest,
} from './dataset-manifest.js';

const WHERE = '/srv/manifests/datasets.yaml';
const NOW = new Date('2026-11-24T12:00:00Z');
const parse = (text: string) => parseManifest(text, WHERE, NOW);

describe('dataset manifests', () => {
  it('reads YAML, with sources relative to the manifest and defaults filled in', () => {
    const decls = parse(`
datasets:
  - name: ethereum.transactions
    source: exports/tx
    hive: true
    description: Transactions on **Ethereum**
    blockchains: [ethereum]
    columns:
      value: In wei
    schedule: "0 * * * *"
  - name: dex.trades
    source: /data/trades/*.parquet
    link: true
`);
    expect(decls).toEqual([
      {
        name: 'ethereum.transactions',
        source: '/srv/manifests/exports/tx',
        format: undefined,
        hive: true,
        link: false,
        description: 'Transactions on **Ethereum**',
        blockchains: ['ethereum'],
        columns: { value: 'In wei' },
        schedule: '0 * * * *',
      },
      {
        name: 'dex.trades',
        source: '/data/trades/*.parquet',
        format: undefined,
        hive: false,
        link: true,
        description: undefined,
        blockchains: undefined,
        columns: undefined,
        schedule: undefined,
      },
    ]);
  });

  it('reads JSON', () => {
    const decls = parse(
      JSON.stringify({ datasets: [{ name: 'a.b', source: 'x.csv', format: 'csv' }] }),
    );
    expect(decls[0]).toMatchObject({ name: 'a.b', source: '/srv/manifests/x.csv', format: 'csv' });
  });

  it("reads column types, in the uploads' vocabulary", () => {
    const [decl] = parse(
      'datasets:\n  - {name: tok.transfers, source: t.csv, types: {value: UINT256, block_number: bigint}}\n',
    );
    expect(decl!.types).toEqual({ value: 'uint256', block_number: 'bigint' });
  });

  it('refuses two sources for one name, whatever the case', () => {
    expect(() =>
      parse(`datasets:\n  - {name: eth.tx, source: a}\n  - {name: ETH.TX, source: b}\n`),
    ).toThrow(
      'two sources for one name: ETH.TX is declared by datasets[0] (/srv/manifests/a) and datasets[1] (/srv/manifests/b)',
    );
  });

  it.each([
    ['not YAML', 'datasets: [\n', /is not YAML or JSON/],
    ['no datasets', 'other: 1\n', /datasets: /],
    ['an empty list', 'datasets: []\n', /datasets: .*>=1|too small/i],
    [
      'an unknown key',
      'datasets:\n  - {name: a.b, source: x, partitions: 3}\n',
      /datasets\[0\]: .*partitions/,
    ],
    [
      'a wrong type',
      'datasets:\n  - {name: a.b, source: x, hive: "yes"}\n',
      /datasets\[0\]\.hive: /,
    ],
    ['a missing source', 'datasets:\n  - {name: a.b}\n', /datasets\[0\]\.source: /],
    [
      'a bad format',
      'datasets:\n  - {name: a.b, source: x, format: xlsx}\n',
      /datasets\[0\]\.format: /,
    ],
    [
      'a bad name',
      'datasets:\n  - {name: "a b", source: x}\n',
      /datasets\[0\] \(a b\): bad dataset name/,
    ],
    [
      'a reserved schema',
      'datasets:\n  - {name: dune.x, source: x}\n',
      /the schema "dune" is reserved/,
    ],
    [
      'a bad schedule',
      'datasets:\n  - {name: a.b, source: x, schedule: "every hour"}\n',
      /invalid schedule "every hour"/,
    ],
    [
      'a schedule too often',
      'datasets:\n  - {name: a.b, source: x, schedule: "* * * * *"}\n',
      /schedule "\* \* \* \* \*" runs 1 minute apart; the shortest interval allowed is 5 minutes/,
    ],
    [
      'a link of CSV',
      'datasets:\n  - {name: a.b, source: x, link: true, format: csv}\n',
      /link takes Parquet files only/,
    ],
    [
      'an unknown column type',
      'datasets:\n  - {name: a.b, source: x, types: {value: decimal}}\n',
      /datasets\[0\] \(a\.b\): types: column "value": unsupported type "decimal"; use one of varchar/,
    ],
    [
      'column types of linked files',
      'datasets:\n  - {name: a.b, source: x, link: true, types: {value: uint256}}\n',
      /types cannot be given with link/,
    ],
    [
      'a huge name',
      `datasets:\n  - {name: "${'a'.repeat(400)}", source: x}\n`,
      /datasets\[0\]\.name: /,
    ],
  ])('refuses %s, naming the manifest', (_what, text, message) => {
    expect(() => parse(text)).toThrow(message);
    expect(() => parse(text)).toThrow(WHERE);
  });

  it('refuses more datasets than the limit', () => {
    const many = {
      datasets: Array.from({ length: MAX_DATASETS + 1 }, (_, i) => ({
        name: `s.t${i}`,
        source: 'x',
      })),
    };
    expect(() => parse(JSON.stringify(many))).toThrow(/datasets: /);
  });

  it('refuses a key given twice in one mapping', () => {
    expect(() => parse('datasets:\n  - {name: a.b, source: x, source: y}\n')).toThrow(
      /is not YAML or JSON: the key "source" is given twice in one mapping/,
    );
  });

  it('reads a mapping of 100,000 keys (not comparing every pair)', { timeout: 30_000 }, () => {
    const columns = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`c${i}`, 'x']));
    const text = JSON.stringify({ datasets: [{ name: 'a.b', source: 'x', columns }] });
    // The library's own duplicate check compares every pair of keys: minutes for this mapping.
    const [decl] = parse(text);
    expect(Object.keys(decl!.columns!)).toHaveLength(100_000);
  });

  it('refuses a YAML alias bomb', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      const next = String.fromCharCode(97 + i);
      bomb.push(`${next}: &${next} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    expect(() => parse(bomb.join('\n'))).toThrow(/is not YAML or JSON: .*alias/i);
  });

  it('refuses a missing file and one over the size limit', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-manifest-'));
    try {
      expect(() => readManifest(path.join(dir, 'nope.yaml'))).toThrow(
        /no such manifest: .*nope\.yaml/,
      );
      const big = path.join(dir, 'big.yaml');
      fs.writeFileSync(big, `# ${'x'.repeat(MAX_MANIFEST_BYTES)}\n`);
      expect(() => readManifest(big)).toThrow(/a manifest is at most/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
