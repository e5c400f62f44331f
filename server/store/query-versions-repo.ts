import type { Parameter } from '../../contract/parameters.js';
import { notFound } from '../errors.js';
import { type Db, parseJson } from './db.js';
import type { QueryRecord } from './queries-repo.js';
import { QUERY_VERSIONS_KEPT } from '../usage/storage.js';

/**
 * The `query_versions` table: the full state of a query after each create or change, written
 * in the same transaction as the change (queries-repo.ts), and read by the Queries methods.
 */

export type QueryVersionRecord = {
  query_id: number;
  version: number;
  author_id: number | null;
  author: string | null;
  created_at: string;
  name: string;
  description: string;
  query_sql: string;
  parameters: Parameter[];
  tags: string[];
  is_private: boolean;
  is_archived: boolean;
};

type VersionRow = Omit<QueryVersionRecord, 'is_private' | 'is_archived' | 'parameters' | 'tags'> & {
  is_private: number;
  is_archived: number;
  parameters: string;
  tags: string;
};

const VERSION_SELECT = `SELECT v.query_id, v.version, v.author_id, a.handle AS author, v.created_at,
  v.name, v.description, v.query_sql, v.parameters, v.tags, v.is_private, v.is_archived
  FROM query_versions v LEFT JOIN accounts a ON a.id = v.author_id`;

function toVersion(row: VersionRow): QueryVersionRecord {
  return {
    ...row,
    is_private: row.is_private === 1,
    is_archived: row.is_archived === 1,
    parameters: parseJson<Parameter[]>(row.parameters, []),
    tags: parseJson<string[]>(row.tags, []),
  };
}

/**
 * Stores `q` (its state after a create or change) as version `q.version`, by `authorId`, and
 * prunes the versions older than the newest QUERY_VERSIONS_KEPT.
 */
export function insertQueryVersion(db: Db, q: QueryRecord, authorId: number | null): void {
  db.prepare('DELETE FROM query_versions WHERE query_id = ? AND version <= ?').run(
    q.id,
    q.version - QUERY_VERSIONS_KEPT,
  );
  db.prepare(
    `INSERT INTO query_versions (query_id, version, author_id, name, description, query_sql,
       parameters, tags, is_private, is_archived, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    q.id,
    q.version,
    authorId,
    q.name,
    q.description,
    q.query_sql,
    JSON.stringify(q.parameters),
    JSON.stringify(q.tags),
    q.is_private ? 1 : 0,
    q.is_archived ? 1 : 0,
    q.updated_at,
  );
}

/** Every version of a query, newest first. */
export function listQueryVersions(db: Db, id: number): QueryVersionRecord[] {
  const rows = db
    .prepare(`${VERSION_SELECT} WHERE v.query_id = ? ORDER BY v.version DESC`)
    .all(id) as VersionRow[];
  return rows.map(toVersion);
}

/** One version of a query, or 404. */
export function getQueryVersion(db: Db, id: number, version: number): QueryVersionRecord {
  const row = db
    .prepare(`${VERSION_SELECT} WHERE v.query_id = ? AND v.version = ?`)
    .get(id, version) as VersionRow | undefined;
  if (!row) throw notFound(`Version ${version} of query ${id} not found`);
  return toVersion(row);
}

/** Handles of the authors of a query's versions, with how many versions each wrote. */
export function queryContributors(
  db: Db,
  id: number,
): { handle: string; contribution_count: number }[] {
  return db
    .prepare(
      `SELECT a.handle, count(*) AS contribution_count FROM query_versions v
       JOIN accounts a ON a.id = v.author_id WHERE v.query_id = ?
       GROUP BY a.id ORDER BY contribution_count DESC, a.handle`,
    )
    .all(id) as { handle: string; contribution_count: number }[];
}
