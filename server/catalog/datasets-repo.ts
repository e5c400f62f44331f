import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { fromRow as lakeTableOf } from '../lake/lake-repo.js';
import type { LakeTable } from '../lake/lake-table.js';
import type { Database, LakeTablesTable } from '../store/schema.js';
import type { Dialect, Store } from '../store/store.js';
import { jsonArrayHasAny } from '../store/sql-filters.js';
import { ftsMatch, searchTerms, tsQuery, type CatalogFilter } from './datasets-query.js';

/**
 * Built-in tables (demo data) have no owner account; they are presented as owned by the team
 * `dune` (a reserved handle, so no account can take it).
 */
export const BUILTIN_OWNER = { handle: 'dune', type: 'team' } as const;

export type CatalogEntry = Omit<LakeTable, 'snapshot'> & {
  full_name: string;
  owner: { id: number | null; handle: string; type: 'user' | 'team' };
};

type Row = Selectable<LakeTablesTable> & {
  full_name: string;
  owner_handle: string | null;
  owner_type: 'user' | 'team' | null;
};

function entryOf(r: Row): CatalogEntry {
  const t = lakeTableOf(r);
  return {
    id: t.id,
    catalog: t.catalog,
    schema_name: t.schema_name,
    table_name: t.table_name,
    full_name: r.full_name,
    owner_id: t.owner_id,
    kind: t.kind,
    dataset_type: t.dataset_type,
    category: t.category,
    is_private: t.is_private,
    description: t.description,
    blockchains: t.blockchains,
    columns: t.columns,
    metadata: t.metadata,
    row_count: t.row_count,
    size_bytes: t.size_bytes,
    created_at: t.created_at,
    updated_at: t.updated_at,
    owner:
      r.owner_id === null || r.owner_handle === null || r.owner_type === null
        ? { id: null, ...BUILTIN_OWNER }
        : { id: r.owner_id, handle: r.owner_handle, type: r.owner_type },
  };
}

/** The dotted name as SQL writes it, over lake_tables aliased `t`. */
const FULL_NAME = sql<string>`(CASE WHEN t.catalog = '' THEN '' ELSE t.catalog || '.' END || t.schema_name || '.' || t.table_name)`;

/**
 * The page rank of a table's metadata (JSON text), 0 without one.
 * dialect: SQLite's JSON1 json_extract; PostgreSQL reads the text as jsonb.
 */
const pageRank = (dialect: Dialect) =>
  dialect === 'postgres'
    ? sql<number>`coalesce((t.metadata::jsonb ->> 'page_rank_score')::float8, 0)`
    : sql<number>`coalesce(CASE WHEN json_valid(t.metadata) THEN json_extract(t.metadata, '$.page_rank_score') END, 0)`;

type FtsField = 'name' | 'description' | 'keywords' | 'columns';

/**
 * The full-text index of lake_tables, one row per table (migration 002 of each dialect): the
 * ids of the tables matching every term as a prefix, with a score
 * that sorts the best match first (ascending). The four fields weigh 10, 4, 4 and 1.
 * dialect: SQLite's FTS5 table (rowid, MATCH, bm25, which is lower for better matches).
 * PostgreSQL: a weighted tsvector per table (fields as weights A, B, C, D) in lake_tables_fts,
 * matched with @@ and ranked by ts_rank with the same weights (negated: higher is better there).
 */
function ftsHits(db: Kysely<Database>, dialect: Dialect, terms: string[]) {
  const index = db.selectFrom('lake_tables_fts');
  if (dialect === 'postgres') {
    const q = sql`to_tsquery('simple', ${tsQuery(terms)})`;
    return index
      .select([
        sql<number>`id`.as('id'),
        sql<number>`-ts_rank('{0.1, 0.4, 0.4, 1.0}'::float4[], document, ${q})`.as('score'),
      ])
      .where(sql<boolean>`document @@ ${q}`);
  }
  return index
    .select([
      sql<number>`rowid`.as('id'),
      sql<number>`bm25(lake_tables_fts, 10.0, 4.0, 4.0, 1.0)`.as('score'),
    ])
    .where(sql<boolean>`lake_tables_fts MATCH ${ftsMatch(terms)}`);
}

/** Whether table `t` matches every term within `fields` (same index, same dialects). */
const matchesIn = (dialect: Dialect, terms: string[], fields: FtsField[]) =>
  dialect === 'postgres'
    ? sql<boolean>`t.id IN (SELECT id FROM lake_tables_fts WHERE document @@ to_tsquery('simple', ${tsQuery(terms, fields)}))`
    : sql<boolean>`t.id IN (SELECT rowid FROM lake_tables_fts WHERE lake_tables_fts MATCH ${ftsMatch(terms, fields)})`;

/**
 * The catalog search: the page (`select`: lake_tables `t.*` with owner_handle, owner_type,
 * full_name and page_rank) and how many match (`count`: one row, `n`).
 *
 * With text, a table must match every term (as a prefix) in its name, description, contract
 * metadata or column names, and ranks by tier:
 *   0 the text is the table's full name (with or without its catalog),
 *   1 every term is in the name,
 *   2 every term is in the name, description or contract metadata,
 *   3 otherwise (column names were needed),
 * then by page_rank_score (highest first), then bm25 (name weighs most), then full name.
 * Without text, by page_rank_score then full name. Private tables are only the caller's own.
 * Every value is a bound parameter.
 */
export function catalogQuery(db: Kysely<Database>, dialect: Dialect, f: CatalogFilter) {
  const terms = searchTerms(f.text);
  const hits = ftsHits(db, dialect, terms).as('h');
  const base = db
    .selectFrom('lake_tables as t')
    .$if(terms.length > 0, (qb) => qb.innerJoin(hits, 'h.id', 't.id'))
    .where((eb) => {
      const where: Expression<SqlBool>[] = [eb('t.snapshot', 'is not', null)];
      where.push(
        f.includePrivate
          ? eb.or([eb('t.is_private', '=', 0), eb('t.owner_id', '=', f.contextId)])
          : eb('t.is_private', '=', 0),
      );
      if (f.datasetTypes?.length) where.push(eb('t.dataset_type', 'in', f.datasetTypes));
      if (f.categories?.length) where.push(eb('t.category', 'in', f.categories));
      if (f.schemas?.length)
        where.push(
          eb(
            eb.fn('lower', ['t.schema_name']),
            'in',
            f.schemas.map((s) => s.toLowerCase()),
          ),
        );
      if (f.blockchains?.length) {
        const chains = f.blockchains.map((c) => c.toLowerCase());
        where.push(jsonArrayHasAny(dialect, 't.blockchains', chains));
      }
      if (f.owners === 'builtin') where.push(eb('t.owner_id', 'is', null));
      else if (f.owners)
        where.push(f.owners.length ? eb('t.owner_id', 'in', f.owners) : sql<SqlBool>`1 = 0`);
      if (f.contractAddress !== undefined)
        where.push(
          eb('t.dataset_type', '=', 'decoded_table'),
          eb(
            't.id',
            'in',
            eb
              .selectFrom('lake_table_contracts')
              .select('table_id')
              .where('address', '=', f.contractAddress),
          ),
        );
      return eb.and(where);
    });

  let select = base
    .leftJoin('accounts as a', 'a.id', 't.owner_id')
    .selectAll('t')
    .select([
      'a.handle as owner_handle',
      'a.type as owner_type',
      FULL_NAME.as('full_name'),
      pageRank(dialect).as('page_rank'),
    ]);
  if (f.order === 'name')
    select = select.orderBy('t.catalog').orderBy('t.schema_name').orderBy('t.table_name');
  else if (terms.length) {
    const exact = f.text!.trim().toLowerCase().replaceAll('"', '');
    select = select
      .orderBy(
        sql`CASE
          WHEN lower(${FULL_NAME}) = ${exact} OR lower(t.schema_name || '.' || t.table_name) = ${exact} THEN 0
          WHEN ${matchesIn(dialect, terms, ['name'])} THEN 1
          WHEN ${matchesIn(dialect, terms, ['name', 'description', 'keywords'])} THEN 2
          ELSE 3 END`,
      )
      .orderBy('page_rank', 'desc')
      .orderBy(sql.ref('h.score'))
      .orderBy('full_name');
  } else select = select.orderBy('page_rank', 'desc').orderBy('full_name');

  return {
    select: select.limit(f.limit).offset(f.offset),
    count: base.select((eb) => eb.fn.countAll<number>().as('n')),
  };
}

/** The dataset catalog over the lake registry and its search index: SQL only. */
export class DatasetsRepo {
  constructor(private readonly store: Store) {}

  /** A page of a catalog search and how many match in all. */
  async search(f: CatalogFilter): Promise<{ entries: CatalogEntry[]; total: number }> {
    const q = catalogQuery(this.store.db, this.store.dialect, f);
    const rows: Row[] = await q.select.execute();
    const total =
      rows.length > 0 && rows.length < f.limit && f.offset === 0
        ? rows.length
        : Number((await q.count.executeTakeFirstOrThrow()).n);
    return { entries: rows.map(entryOf), total };
  }

  /**
   * The table of that name with a snapshot, whatever the case of its parts (the exact spelling
   * first), if the context may read it.
   */
  async byName(
    name: { catalog: string; schema: string; table: string },
    contextId: number,
  ): Promise<CatalogEntry | undefined> {
    const row = await this.store.db
      .selectFrom('lake_tables as t')
      .leftJoin('accounts as a', 'a.id', 't.owner_id')
      .selectAll('t')
      .select(['a.handle as owner_handle', 'a.type as owner_type', FULL_NAME.as('full_name')])
      .where((eb) =>
        eb.and([
          eb(eb.fn('lower', ['t.catalog']), '=', eb.fn('lower', [eb.val(name.catalog)])),
          eb(eb.fn('lower', ['t.schema_name']), '=', eb.fn('lower', [eb.val(name.schema)])),
          eb(eb.fn('lower', ['t.table_name']), '=', eb.fn('lower', [eb.val(name.table)])),
          eb('t.snapshot', 'is not', null),
          eb.or([eb('t.is_private', '=', 0), eb('t.owner_id', '=', contextId)]),
        ]),
      )
      .orderBy(
        (eb) =>
          eb.and([
            eb('t.catalog', '=', name.catalog),
            eb('t.schema_name', '=', name.schema),
            eb('t.table_name', '=', name.table),
          ]),
        'desc',
      )
      .limit(1)
      .executeTakeFirst();
    return row && entryOf(row);
  }
}
