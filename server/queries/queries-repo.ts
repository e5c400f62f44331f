import type { Parameter } from '../../contract/parameters.js';
import type { Dialect } from '../../contract/rules/enums.js';
import { parseJson } from '../store/db.js';
import { flag, isSet, type Store } from '../store/store.js';
import { containsText, jsonArrayHasAny } from '../store/sql-filters.js';

export type QueryRecord = {
  id: number;
  owner_id: number;
  owner_handle: string;
  created_by: number | null;
  name: string;
  description: string;
  query_sql: string;
  /** The dialect query_sql is written in, which every run of it reads it as. */
  dialect: Dialect;
  is_private: boolean;
  is_archived: boolean;
  is_temp: boolean;
  engine: string;
  parameters: Parameter[];
  tags: string[];
  version: number;
  created_at: string;
  updated_at: string;
  /** How old a result its readers accept, in seconds; null: any (contract/rules/result-age.ts). */
  max_result_age_seconds: number | null;
};

/** The part of a query that other areas run or check for access (views of it in their ports). */
export type QueryCore = Pick<
  QueryRecord,
  | 'id'
  | 'name'
  | 'query_sql'
  | 'dialect'
  | 'parameters'
  | 'version'
  | 'is_private'
  | 'is_archived'
  | 'is_temp'
>;

/** A query row to insert as version 1 (the service has checked its parameters and tags). */
export type QueryInsert = Pick<
  QueryRecord,
  | 'owner_id'
  | 'created_by'
  | 'name'
  | 'description'
  | 'query_sql'
  | 'dialect'
  | 'is_private'
  | 'is_temp'
  | 'engine'
  | 'parameters'
  | 'tags'
  | 'max_result_age_seconds'
> & { at: string };

/** Which saved (not temporary) queries a list reads; the service turns list options into it. */
export type QueryFilter = {
  /** Only the queries this context owns; undefined: every owner. */
  ownerId?: number;
  /** false: no private queries. */
  includePrivate: boolean;
  /** false: no archived queries. */
  includeArchived: boolean;
  /** Lower-cased substring of the lower-cased name or description. */
  text?: string;
  /** Lower-cased tags, every one among the query's tags (compared lower-cased). */
  tags: string[];
};

const COLS = [
  'q.id',
  'q.owner_id',
  'a.handle as owner_handle',
  'q.created_by',
  'q.name',
  'q.description',
  'q.query_sql',
  'q.dialect',
  'q.is_private',
  'q.is_archived',
  'q.is_temp',
  'q.engine',
  'q.parameters',
  'q.tags',
  'q.version',
  'q.created_at',
  'q.updated_at',
  'q.max_result_age_seconds',
] as const;

type Row = Omit<QueryRecord, 'is_private' | 'is_archived' | 'is_temp' | 'parameters' | 'tags'> & {
  is_private: number;
  is_archived: number;
  is_temp: number;
  parameters: string;
  tags: string;
};

function toRecord(row: Row): QueryRecord {
  return {
    ...row,
    is_private: isSet(row.is_private),
    is_archived: isSet(row.is_archived),
    is_temp: isSet(row.is_temp),
    parameters: parseJson<Parameter[]>(row.parameters, []),
    tags: parseJson<string[]>(row.tags, []),
  };
}

/** Saved queries in the metadata store: SQL only (the rules are in queries-service.ts). */
export class QueriesRepo {
  constructor(private readonly store: Store) {}

  private from() {
    return this.store.db
      .selectFrom('queries as q')
      .innerJoin('accounts as a', 'a.id', 'q.owner_id');
  }

  async byId(id: number): Promise<QueryRecord | undefined> {
    const row = await this.from().select(COLS).where('q.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Inserts a query as version 1 and returns its id. */
  async insert(q: QueryInsert): Promise<number> {
    const row = await this.store.db
      .insertInto('queries')
      .values({
        owner_id: q.owner_id,
        created_by: q.created_by,
        name: q.name,
        description: q.description,
        query_sql: q.query_sql,
        dialect: q.dialect,
        is_private: flag(q.is_private),
        is_temp: flag(q.is_temp),
        engine: q.engine,
        parameters: JSON.stringify(q.parameters),
        tags: JSON.stringify(q.tags),
        version: 1,
        created_at: q.at,
        updated_at: q.at,
        max_result_age_seconds: q.max_result_age_seconds,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Writes the changeable fields of `q` (its new state) to its row. */
  async write(q: QueryRecord): Promise<void> {
    await this.store.db
      .updateTable('queries')
      .set({
        name: q.name,
        description: q.description,
        query_sql: q.query_sql,
        dialect: q.dialect,
        tags: JSON.stringify(q.tags),
        parameters: JSON.stringify(q.parameters),
        is_private: flag(q.is_private),
        is_archived: flag(q.is_archived),
        version: q.version,
        updated_at: q.updated_at,
        max_result_age_seconds: q.max_result_age_seconds,
      })
      .where('id', '=', q.id)
      .execute();
  }

  /** The saved (not temporary) queries matching `f`, newest updated first, and their total. */
  async list(
    f: QueryFilter,
    page: { limit: number; offset: number },
  ): Promise<{ queries: QueryRecord[]; total: number }> {
    let q = this.from().where('q.is_temp', '=', 0);
    if (f.ownerId !== undefined) q = q.where('q.owner_id', '=', f.ownerId);
    if (!f.includePrivate) q = q.where('q.is_private', '=', 0);
    if (!f.includeArchived) q = q.where('q.is_archived', '=', 0);
    if (f.text) q = q.where(containsText(this.store.dialect, ['q.name', 'q.description'], f.text));
    for (const tag of f.tags) q = q.where(jsonArrayHasAny(this.store.dialect, 'q.tags', [tag]));
    const count = await q
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .select(COLS)
      .orderBy('q.updated_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { queries: rows.map(toRecord), total: Number(count.n) };
  }

  /** How many queries (any state) `ownerId` owns. */
  async countOwned(ownerId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('queries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
