import { describe, expect, it } from 'vitest';
import { addQueryTables, buildCatalog, findTable } from './catalog';
import { completionContext } from './completion-context';
import { hoverAt, suggestionsFor } from './completion-items';
import {
  MAX_REFERENCED_QUERIES,
  queryTables,
  referencedQueries,
  resultColumns,
} from './query-tables';

const col = (name: string, type: string) => ({ name, type, nullable: true });
const datasets = buildCatalog([
  { full_name: 'dex.trades', type: 'spell', columns: [col('chain', 'VARCHAR')] },
]);
const saved = [
  { id: 12, name: 'Daily volume' },
  { id: 7, name: 'Top *pools*' },
];

/** The catalog a text referencing queries 12 (with a result) and 7 (none yet) completes with. */
function catalogFor(sql: string) {
  const columns = new Map([[12, [col('alpha', 'INTEGER'), col('beta', 'VARCHAR')]]]);
  const names = new Map(saved.map((q) => [q.id, q.name]));
  return addQueryTables(datasets, saved, queryTables(referencedQueries(sql), columns, names));
}

/** Suggestions at `|`, as "kind:label". */
function at(marked: string) {
  const i = marked.indexOf('|');
  const sql = marked.slice(0, i) + marked.slice(i + 1);
  return suggestionsFor(completionContext(sql, i), catalogFor(sql), 'duckdb');
}
const labels = (marked: string) => at(marked).map((s) => `${s.kind}:${s.label}`);

function hover(marked: string) {
  const i = marked.indexOf('|');
  const sql = marked.slice(0, i) + marked.slice(i + 1);
  return hoverAt(sql, i, catalogFor(sql), 'dunesql')?.contents ?? null;
}

describe('referencedQueries', () => {
  it('names each referenced table once, the quoted form by its whole text', () => {
    const sql =
      `select * from query_12 a join query_12 b on true ` +
      `join "query_12(Chain='base')" c on true join dune.query_3 d on true`;
    expect(referencedQueries(sql)).toEqual([
      { name: 'query_12', queryId: 12 },
      { name: "query_12(chain='base')", queryId: 12 },
    ]);
  });

  it(`looks up at most ${MAX_REFERENCED_QUERIES} queries`, () => {
    const sql = Array.from({ length: 25 }, (_, i) => `select * from query_${i + 1}`).join(';\n');
    const ids = referencedQueries(`${sql};\nselect * from "query_3(a='1')"`).map((r) => r.queryId);
    expect(new Set(ids).size).toBe(MAX_REFERENCED_QUERIES);
    expect(ids).toContain(3);
    expect(ids).not.toContain(21);
  });

  it('reads a result’s metadata as columns', () => {
    expect(
      resultColumns({ column_names: ['a', 'b'], column_types: ['integer', 'varchar'] }),
    ).toEqual([col('a', 'integer'), col('b', 'varchar')]);
  });
});

describe('addQueryTables', () => {
  it('finds a reference by its name, the quoted form as one part, before any dataset', () => {
    const catalog = catalogFor(`select * from query_12, "query_12(chain='base')", query_7`);
    expect(findTable(catalog, ['QUERY_12'])?.columns.map((c) => c.name)).toEqual(['alpha', 'beta']);
    expect(findTable(catalog, ["query_12(chain='base')"])?.query).toEqual({
      id: 12,
      name: 'Daily volume',
      hasResult: true,
    });
    expect(findTable(catalog, ['query_7'])).toMatchObject({
      columns: [],
      query: { id: 7, name: 'Top *pools*', hasResult: false },
    });
    // The datasets are still there.
    expect(findTable(catalog, ['dex', 'trades'])?.columns).toHaveLength(1);
  });

  it('leaves out a reference it knows nothing of (no result, not the context’s own)', () => {
    const catalog = catalogFor('select * from query_99');
    expect(findTable(catalog, ['query_99'])).toBeNull();
    expect(catalog.tables).toHaveLength(1);
  });
});

describe('completion of query_<id>', () => {
  it('offers the saved queries where a table is expected, named, newest first', () => {
    const s = at('select * from query_|').filter((x) => x.kind === 'query');
    expect(s.map((x) => [x.label, x.detail, x.description, x.insertText])).toEqual([
      ['query_12', 'query · Daily volume', 'query · Daily volume', 'query_12'],
      ['query_7', 'query · Top *pools*', 'query · Top *pools*', 'query_7'],
    ]);
    expect(s[0]!.sortText < s[1]!.sortText).toBe(true);
    expect(labels('select * from dex.trades t join |')).toContain('query:query_7');
  });

  it('offers a referenced table once, as its saved query, not by its quoted form', () => {
    const s = labels(`select * from "query_12(chain='base')" x, |`);
    expect(s.filter((x) => x.includes('query_12'))).toEqual(['query:query_12']);
  });

  it("completes a referenced query's columns with their types", () => {
    expect(labels('select q.| from query_12 q')).toEqual(['column:alpha', 'column:beta']);
    expect(labels('select | from query_12').slice(0, 2)).toEqual(['column:alpha', 'column:beta']);
    expect(at('select | from query_12')[0]!.detail).toBe('INTEGER · query_12');
    expect(labels(`select q.| from "query_12(chain='base')" q`)).toEqual([
      'column:alpha',
      'column:beta',
    ]);
    expect(labels('select query_12.| from query_12')).toEqual(['column:alpha', 'column:beta']);
  });

  it("hovers a reference with the query's name and columns", () => {
    expect(hover('select * from query|_12')).toEqual([
      '**query_12** · query · Daily volume · 2 columns',
      '`alpha` INTEGER  \n`beta` VARCHAR',
    ]);
    expect(hover(`select * from "query_1|2(chain='base')"`)?.[0]).toBe(
      '**query_12** · query · Daily volume · 2 columns',
    );
    expect(hover('select * from query|_7')).toEqual([
      '**query_7** · query · Top \\*pools\\*',
      '_No result yet: its columns show once it has run._',
    ]);
    expect(hover('select * from query|_99')).toBeNull();
  });
});
