import type { Parameter } from '../../contract/parameters.js';
import { normalizeParameterDefs } from '../engine/parameters.js';
import { forbidden, invalid, notFound, overLimit, staleWrite } from '../errors.js';
import { planStorage, storageOf, versionBytes } from '../usage/storage.js';
import { type Db, nowIso, parseJson } from './db.js';
import {
  getQueryVersion,
  insertQueryVersion,
  listQueryVersions,
  queryContributors,
  type QueryVersionRecord,
} from './query-versions-repo.js';

export type QueryRecord = {
  id: number;
  owner_id: number;
  owner_handle: string;
  created_by: number | null;
  name: string;
  description: string;
  query_sql: string;
  is_private: boolean;
  is_archived: boolean;
  is_temp: boolean;
  engine: string;
  parameters: Parameter[];
  tags: string[];
  version: number;
  created_at: string;
  updated_at: string;
};

export type NewQuery = {
  name: string;
  query_sql: string;
  description?: string;
  is_private?: boolean;
  is_temp?: boolean;
  parameters?: Parameter[];
  tags?: string[];
  engine?: string;
};

/** Fields a change may set; undefined means "leave as it is". */
export type QueryChanges = {
  name?: string;
  query_sql?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  is_private?: boolean;
  is_archived?: boolean;
};

export type ListOptions = {
  limit: number;
  offset: number;
  /** Case-insensitive substring of name or description. */
  q?: string;
  /** Every one must be among the query's tags (case-insensitive). */
  tags?: string[];
  /** Default true. */
  includeArchived?: boolean;
  /** `context`: the context's own queries; `public`: public, non-archived queries of all. */
  scope?: 'context' | 'public';
};

export const QUERY_NOT_FOUND = 'Query not found or private';
/** What the hosted service answers to an execute of a query that is missing or not readable. */
export const EXECUTE_QUERY_NOT_FOUND = 'Query not found';

type Row = Omit<QueryRecord, 'is_private' | 'is_archived' | 'is_temp' | 'parameters' | 'tags'> & {
  is_private: number;
  is_archived: number;
  is_temp: number;
  parameters: string;
  tags: string;
};

const COLS = `q.id, q.owner_id, a.handle AS owner_handle, q.created_by, q.name, q.description,
  q.query_sql, q.is_private, q.is_archived, q.is_temp, q.engine, q.parameters, q.tags, q.version,
  q.created_at, q.updated_at`;
const FROM = 'FROM queries q JOIN accounts a ON a.id = q.owner_id';

function toRecord(row: Row): QueryRecord {
  return {
    ...row,
    is_private: row.is_private === 1,
    is_archived: row.is_archived === 1,
    is_temp: row.is_temp === 1,
    parameters: parseJson<Parameter[]>(row.parameters, []),
    tags: parseJson<string[]>(row.tags, []),
  };
}

/** Trimmed, without empty entries and without case-insensitive duplicates (first one kept). */
function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

const isPublic = (q: QueryRecord) => !q.is_private && !q.is_temp;

/**
 * Saved queries and their versions. Every create and every change runs in one transaction that
 * bumps `version` and stores the full new state in `query_versions`.
 */
export class Queries {
  constructor(
    private readonly db: Db,
    private readonly plan: { storageBytes: number },
  ) {}

  get(id: number): QueryRecord | undefined {
    const row = this.db.prepare(`SELECT ${COLS} ${FROM} WHERE q.id = ?`).get(id) as Row | undefined;
    return row && toRecord(row);
  }

  /**
   * The query if `contextId` owns it or it is public; else 404 with `message` (the hosted
   * service's wording differs by route). `contextId` null = anonymous.
   */
  readable(id: number, contextId: number | null, message = QUERY_NOT_FOUND): QueryRecord {
    const q = this.get(id);
    if (!q || (q.owner_id !== contextId && !isPublic(q))) throw notFound(message);
    return q;
  }

  /** The query if `contextId` owns it; 404 if the caller cannot see it, 403 if it is another's. */
  writable(id: number, contextId: number): QueryRecord {
    const q = this.readable(id, contextId);
    if (q.owner_id !== contextId) throw forbidden('Query is managed in the context of its owner');
    return q;
  }

  /** Creates a query (version 1) owned by `ownerId`; parameters are checked against the SQL. */
  create(ownerId: number, authorId: number | null, input: NewQuery): QueryRecord {
    const parameters = normalizeParameterDefs(input.query_sql, input.parameters ?? []);
    const tags = cleanTags(input.tags ?? []);
    const now = nowIso();
    return this.db.transaction(() => {
      const info = this.db
        .prepare(
          `INSERT INTO queries (owner_id, created_by, name, description, query_sql, is_private,
             is_temp, engine, parameters, tags, version, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        )
        .run(
          ownerId,
          authorId,
          input.name,
          input.description ?? '',
          input.query_sql,
          input.is_private ? 1 : 0,
          input.is_temp ? 1 : 0,
          input.engine ?? 'medium',
          JSON.stringify(parameters),
          JSON.stringify(tags),
          now,
          now,
        );
      const created = this.get(Number(info.lastInsertRowid))!;
      this.insertVersion(created, authorId);
      return created;
    })();
  }

  /**
   * Applies `changes` in the owner context `contextId`, as `authorId`. Empty changes → 400; a
   * change to an older `expectedVersion` than the current one → 409.
   * An archived query only accepts a change that unarchives it or changes its privacy (403
   * otherwise; archiving it again is a no-op). New parameters are checked against the new SQL; new placeholders
   * become text parameters, and definitions the SQL no longer uses are kept (as the hosted
   * service keeps them).
   */
  update(
    id: number,
    contextId: number,
    authorId: number | null,
    changes: QueryChanges,
    expectedVersion?: number,
  ) {
    const given = (Object.keys(changes) as (keyof QueryChanges)[]).filter(
      (k) => changes[k] !== undefined,
    );
    if (given.length === 0) throw invalid('Nothing to update: give at least one field');
    return this.db.transaction((): QueryRecord => {
      const cur = this.writable(id, contextId);
      if (expectedVersion !== undefined && expectedVersion !== cur.version)
        throw staleWrite('query', expectedVersion, cur.version);
      if (cur.is_archived && changes.is_archived !== false) {
        // As on the hosted service, an archived query may still change its privacy.
        if (!given.every((k) => k === 'is_archived' || k === 'is_private'))
          throw forbidden('Query is archived');
        if ((changes.is_private ?? cur.is_private) === cur.is_private) return cur;
      }
      const sql = changes.query_sql ?? cur.query_sql;
      const parameters =
        changes.parameters !== undefined || changes.query_sql !== undefined
          ? normalizeParameterDefs(sql, changes.parameters ?? cur.parameters)
          : cur.parameters;
      const next: QueryRecord = {
        ...cur,
        name: changes.name ?? cur.name,
        description: changes.description ?? cur.description,
        query_sql: sql,
        tags: changes.tags !== undefined ? cleanTags(changes.tags) : cur.tags,
        parameters,
        is_private: changes.is_private ?? cur.is_private,
        is_archived: changes.is_archived ?? cur.is_archived,
        version: cur.version + 1,
        updated_at: nowIso(),
      };
      this.db
        .prepare(
          `UPDATE queries SET name = ?, description = ?, query_sql = ?, tags = ?, parameters = ?,
             is_private = ?, is_archived = ?, version = ?, updated_at = ? WHERE id = ?`,
        )
        .run(
          next.name,
          next.description,
          next.query_sql,
          JSON.stringify(next.tags),
          JSON.stringify(next.parameters),
          next.is_private ? 1 : 0,
          next.is_archived ? 1 : 0,
          next.version,
          next.updated_at,
          id,
        );
      this.insertVersion(next, authorId);
      return next;
    })();
  }

  /** Queries of a context (or public ones), newest updated first, with the total matching. */
  list(contextId: number, opts: ListOptions): { queries: QueryRecord[]; total: number } {
    const where = ['q.is_temp = 0'];
    const args: (string | number)[] = [];
    if ((opts.scope ?? 'context') === 'public') {
      where.push('q.is_private = 0', 'q.is_archived = 0');
    } else {
      where.push('q.owner_id = ?');
      args.push(contextId);
      if (opts.includeArchived === false) where.push('q.is_archived = 0');
    }
    const q = opts.q?.trim().toLowerCase();
    if (q) {
      where.push('(instr(lower(q.name), ?) > 0 OR instr(lower(q.description), ?) > 0)');
      args.push(q, q);
    }
    for (const tag of cleanTags(opts.tags ?? [])) {
      where.push('EXISTS (SELECT 1 FROM json_each(q.tags) t WHERE lower(t.value) = ?)');
      args.push(tag.toLowerCase());
    }
    const clause = where.join(' AND ');
    const total = this.db
      .prepare(`SELECT count(*) ${FROM} WHERE ${clause}`)
      .pluck()
      .get(...args) as number;
    const rows = this.db
      .prepare(
        `SELECT ${COLS} ${FROM} WHERE ${clause}
         ORDER BY q.updated_at DESC, q.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, opts.limit, opts.offset) as Row[];
    return { queries: rows.map(toRecord), total };
  }

  /** How many queries (any state) `ownerId` owns. */
  countOwned(ownerId: number): number {
    return this.db
      .prepare('SELECT count(*) FROM queries WHERE owner_id = ?')
      .pluck()
      .get(ownerId) as number;
  }

  /** Handles of the authors of a query's versions, with how many versions each wrote. */
  contributors(id: number): { handle: string; contribution_count: number }[] {
    return queryContributors(this.db, id);
  }

  /** Every version of a query, newest first. */
  versions(id: number): QueryVersionRecord[] {
    return listQueryVersions(this.db, id);
  }

  /** One version of a query, or 404. */
  version(id: number, version: number): QueryVersionRecord {
    return getQueryVersion(this.db, id, version);
  }

  /** Stores a version, unless it would take the owner past its plan's storage (402). */
  private insertVersion(q: QueryRecord, authorId: number | null) {
    const added = versionBytes(q);
    const used = planStorage(storageOf(this.db, q.owner_id));
    if (used + added > this.plan.storageBytes)
      throw overLimit(
        `storage quota reached: saving this version takes ${added} bytes, ${used} bytes are used by tables and saved queries and the plan allows ${this.plan.storageBytes}; delete or clear tables to save more`,
      );
    insertQueryVersion(this.db, q, authorId);
  }
}
