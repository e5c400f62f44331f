import type { Parameter } from '../../contract/parameters.js';
import type { Dialect } from '../../contract/rules/enums.js';
import { parseJson } from '../store/db.js';
import { flag, isSet, type Store } from '../store/store.js';
import type { QueryRecord } from './queries-repo.js';

/** The full state of a query after one create or change (the `query_versions` table). */
export type QueryVersionRecord = {
  query_id: number;
  version: number;
  author_id: number | null;
  author: string | null;
  created_at: string;
  name: string;
  description: string;
  query_sql: string;
  dialect: Dialect;
  parameters: Parameter[];
  tags: string[];
  is_private: boolean;
  is_archived: boolean;
};

const COLS = [
  'v.query_id',
  'v.version',
  'v.author_id',
  'a.handle as author',
  'v.created_at',
  'v.name',
  'v.description',
  'v.query_sql',
  'v.dialect',
  'v.parameters',
  'v.tags',
  'v.is_private',
  'v.is_archived',
] as const;

type VersionRow = Omit<QueryVersionRecord, 'is_private' | 'is_archived' | 'parameters' | 'tags'> & {
  is_private: number;
  is_archived: number;
  parameters: string;
  tags: string;
};

function toVersion(row: VersionRow): QueryVersionRecord {
  return {
    ...row,
    is_private: isSet(row.is_private),
    is_archived: isSet(row.is_archived),
    parameters: parseJson<Parameter[]>(row.parameters, []),
    tags: parseJson<string[]>(row.tags, []),
  };
}

/**
 * Query versions in the metadata store: SQL only. They are written in the same transaction as
 * the change they record, and read, by queries-service.ts.
 */
export class QueryVersionsRepo {
  constructor(private readonly store: Store) {}

  private from() {
    return this.store.db
      .selectFrom('query_versions as v')
      .leftJoin('accounts as a', 'a.id', 'v.author_id')
      .select(COLS);
  }

  /** Stores `q` (its state after a create or change) as version `q.version`, by `authorId`. */
  async insert(q: QueryRecord, authorId: number | null): Promise<void> {
    await this.store.db
      .insertInto('query_versions')
      .values({
        query_id: q.id,
        version: q.version,
        author_id: authorId,
        name: q.name,
        description: q.description,
        query_sql: q.query_sql,
        dialect: q.dialect,
        parameters: JSON.stringify(q.parameters),
        tags: JSON.stringify(q.tags),
        is_private: flag(q.is_private),
        is_archived: flag(q.is_archived),
        created_at: q.updated_at,
      })
      .execute();
  }

  /** Deletes the versions of a query up to and including `version`. */
  async deleteUpTo(queryId: number, version: number): Promise<void> {
    await this.store.db
      .deleteFrom('query_versions')
      .where('query_id', '=', queryId)
      .where('version', '<=', version)
      .execute();
  }

  /** Every version of a query, newest first. */
  async list(queryId: number): Promise<QueryVersionRecord[]> {
    const rows = await this.from()
      .where('v.query_id', '=', queryId)
      .orderBy('v.version', 'desc')
      .execute();
    return rows.map(toVersion);
  }

  async get(queryId: number, version: number): Promise<QueryVersionRecord | undefined> {
    const row = await this.from()
      .where('v.query_id', '=', queryId)
      .where('v.version', '=', version)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  /** Handles of the authors of a query's versions, with how many versions each wrote. */
  async contributors(queryId: number): Promise<{ handle: string; contribution_count: number }[]> {
    const rows = await this.store.db
      .selectFrom('query_versions as v')
      .innerJoin('accounts as a', 'a.id', 'v.author_id')
      .select((eb) => ['a.handle', eb.fn.countAll<number | string>().as('contribution_count')])
      .where('v.query_id', '=', queryId)
      .groupBy(['a.id', 'a.handle'])
      .orderBy('contribution_count', 'desc')
      .orderBy('a.handle')
      .execute();
    return rows.map((r) => ({
      handle: r.handle,
      contribution_count: Number(r.contribution_count),
    }));
  }
}
