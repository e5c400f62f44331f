import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeText } from '../test/datasets-helpers.js';
import { adminCli } from '../test/admin-cli.js';

let root: string;
let dataDir: string;
let src: string;

/** Token transfers as an exporter writes them: an array of objects. */
const TRANSFERS = [
  { block_number: 18000000, token: 'usdc', amount: 250 },
  { block_number: 18000001, token: 'weth', amount: 3 },
  { block_number: 18000002, token: 'dai', amount: 17 },
];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-datasets-json-'));
  dataDir = path.join(root, 'data');
  src = path.join(root, 'src');
  // the usual export: pretty-printed, with a byte order mark and leading blank lines
  writeText(path.join(src, 'pretty.json'), `\uFEFF\n\n${JSON.stringify(TRANSFERS, null, 2)}\n`);
  writeText(path.join(src, 'one-line.json'), JSON.stringify(TRANSFERS));
  writeText(path.join(src, 'lines.json'), TRANSFERS.map((r) => JSON.stringify(r)).join('\n'));
  fs.mkdirSync(path.join(src, 'gz'));
  fs.writeFileSync(
    path.join(src, 'gz', 'pretty.json.gz'),
    zlib.gzipSync(JSON.stringify(TRANSFERS, null, 2)),
  );
  writeText(path.join(src, 'object.json'), JSON.stringify({ data: TRANSFERS }, null, 2));
  writeText(path.join(src, 'scalar.json'), '"transfers"\n');
  writeText(path.join(src, 'numbers.json'), '[1, 2, 3]\n');
  writeText(path.join(src, 'empty-array.json'), '[]\n');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const { run, table, catalogState } = adminCli(() => dataDir);

describe('JSON files', { timeout: 60_000 }, () => {
  it('reads an array (pretty or on one line) or one object per line as rows', async () => {
    for (const [name, file] of [
      ['json.pretty', 'pretty.json'],
      ['json.one_line', 'one-line.json'],
      ['json.lines', 'lines.json'],
      ['json.gz', path.join('gz', 'pretty.json.gz')],
    ]) {
      const r = await run('import-dataset', name!, path.join(src, file!));
      expect(r.err, file).toBe('');
      const t = (await table('json', name!.split('.')[1]!))!;
      expect(t.row_count, file).toBe(3);
      expect(
        t.columns.map((c) => `${c.name} ${c.type}`),
        file,
      ).toEqual(['block_number BIGINT', 'token VARCHAR', 'amount BIGINT']);
    }
    // an array appended to a table of lines, and the other way round
    expect((await run('append-dataset', 'json.lines', path.join(src, 'pretty.json'))).err).toBe('');
    expect((await table('json', 'lines'))!.row_count).toBe(6);
  });

  it('refuses a top level that is not an array of objects or objects by line, saying so', async () => {
    const before = await catalogState();
    const shape =
      /is not a JSON array of objects \(\[\{\.\.\.\}, \{\.\.\.\}\]\) or one object per line \(NDJSON\)/;
    for (const [file, why] of [
      ['object.json', /object\.json .*line 2: .*each object must be whole on its line/],
      ['scalar.json', /scalar\.json .*its top level starts with """/],
      ['numbers.json', /numbers\.json .*it holds values that are not objects, or none/],
      ['empty-array.json', /empty-array\.json .*values that are not objects, or none/],
    ] as const) {
      const r = await run('import-dataset', 'json.bad', path.join(src, file));
      expect(r.code, file).toBe(1);
      expect(r.err, file).toMatch(shape);
      expect(r.err, file).toMatch(why);
      expect(r.err, file).not.toMatch(/Try auto-detecting/);
    }
    expect(await catalogState()).toEqual(before);
  });
});
