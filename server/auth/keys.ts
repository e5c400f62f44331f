import { ulid } from 'ulid';
import type { Db } from '../store/db.js';
import { nowIso } from '../store/db.js';
import { randomToken, sha256Hex } from './tokens.js';

export type Scope = 'read' | 'read_write';
export type ApiKeyInfo = {
  id: string;
  context_id: number;
  created_by: number | null;
  name: string;
  scope: Scope;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
};

const KEY_PREFIX = 'strata_';
const COLS = 'id, context_id, created_by, name, scope, prefix, created_at, last_used_at';

/** API keys: shown once at creation, stored only as a SHA-256 hash (they are 256-bit random). */
export class ApiKeys {
  constructor(private readonly db: Db) {}

  create(
    contextId: number,
    scope: Scope,
    createdBy: number | null,
    name = '',
  ): { key: string; info: ApiKeyInfo } {
    const key = KEY_PREFIX + randomToken(43);
    const id = ulid();
    this.db
      .prepare(
        'INSERT INTO api_keys (id, context_id, created_by, name, scope, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        id,
        contextId,
        createdBy,
        name,
        scope,
        key.slice(0, KEY_PREFIX.length + 6),
        sha256Hex(key),
        nowIso(),
      );
    return { key, info: this.byId(id)! };
  }

  byId(id: string): ApiKeyInfo | undefined {
    return this.db
      .prepare(`SELECT ${COLS} FROM api_keys WHERE id = ? AND revoked_at IS NULL`)
      .get(id) as ApiKeyInfo | undefined;
  }

  listForContext(contextId: number): ApiKeyInfo[] {
    return this.db
      .prepare(
        `SELECT ${COLS} FROM api_keys WHERE context_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
      )
      .all(contextId) as ApiKeyInfo[];
  }

  /** Finds the live key for a presented secret and records its use (at most once a minute). */
  resolve(secret: string): ApiKeyInfo | undefined {
    if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return undefined;
    const info = this.db
      .prepare(`SELECT ${COLS} FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL`)
      .get(sha256Hex(secret)) as ApiKeyInfo | undefined;
    if (!info) return undefined;
    const now = new Date();
    if (!info.last_used_at || now.getTime() - Date.parse(info.last_used_at) > 60_000) {
      info.last_used_at = nowIso(now);
      this.db
        .prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?')
        .run(info.last_used_at, info.id);
    }
    return info;
  }

  revoke(id: string, contextId: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND context_id = ? AND revoked_at IS NULL',
        )
        .run(nowIso(), id, contextId).changes > 0
    );
  }
}
