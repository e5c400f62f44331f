import { ulid } from 'ulid';
import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';
import type { Account } from './accounts.js';
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

export const KEY_PREFIX = 'strata_';
const COLS = [
  'id',
  'context_id',
  'created_by',
  'name',
  'scope',
  'prefix',
  'created_at',
  'last_used_at',
] as const;

/** A new key and the row that stores it (only its hash and a short prefix are kept). */
export function newApiKey(contextId: number, scope: Scope, createdBy: number | null, name = '') {
  const key = KEY_PREFIX + randomToken(43);
  const row = {
    id: ulid(),
    context_id: contextId,
    created_by: createdBy,
    name,
    scope,
    prefix: key.slice(0, KEY_PREFIX.length + 6),
    key_hash: sha256Hex(key),
    created_at: nowIso(),
  };
  return { key, row };
}

/** A live key as a request presents it: its row and the account it acts in. */
export type ResolvedKey = ApiKeyInfo & { context: Account };

/**
 * How long a resolved key is used again without reading the store. A client's requests come in
 * bursts (execute, status, results; a dashboard's widgets), and the read was a quarter of a
 * `select 1` run's store work. A key revoked through this process stops at once; one revoked by
 * another process (the admin CLI, another node) within this bound (docs/decisions.md).
 */
export const KEY_REUSE_MS = 1000;
/** Resolved keys kept at most (only keys that exist are kept, so unknown ones cannot fill it). */
const KEYS_KEPT = 1000;

/** API keys: shown once at creation, stored only as a SHA-256 hash (they are 256-bit random). */
export class ApiKeys {
  /** Recently resolved keys by their hash, with when they must be read again. */
  private readonly recent = new Map<string, { until: number; key: ResolvedKey }>();
  /** Revocations through this process so far: a key read while one happened is not kept. */
  private revocations = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  async create(
    contextId: number,
    scope: Scope,
    createdBy: number | null,
    name = '',
  ): Promise<{ key: string; info: ApiKeyInfo }> {
    const { key, row } = newApiKey(contextId, scope, createdBy, name);
    const info = await this.store.db
      .insertInto('api_keys')
      .values(row)
      .returning(COLS)
      .executeTakeFirstOrThrow();
    return { key, info };
  }

  private live() {
    return this.store.db.selectFrom('api_keys').select(COLS).where('revoked_at', 'is', null);
  }

  byId(id: string): Promise<ApiKeyInfo | undefined> {
    return this.live().where('id', '=', id).executeTakeFirst();
  }

  listForContext(contextId: number): Promise<ApiKeyInfo[]> {
    return this.live()
      .where('context_id', '=', contextId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Finds the live key for a presented secret, with the account it acts in (one read, or none
   * within KEY_REUSE_MS of the last), and records its use (at most once a minute). What it
   * returns is frozen: requests share it.
   */
  async resolve(secret: string): Promise<ResolvedKey | undefined> {
    if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return undefined;
    const hash = sha256Hex(secret);
    const kept = this.recent.get(hash);
    if (kept && kept.until > this.now()) return kept.key;
    this.recent.delete(hash);
    const revocations = this.revocations;
    const key = await this.read(hash);
    if (key && revocations === this.revocations) {
      if (this.recent.size >= KEYS_KEPT) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(hash, { until: this.now() + KEY_REUSE_MS, key });
    }
    return key;
  }

  private async read(hash: string): Promise<ResolvedKey | undefined> {
    const row = await this.store.db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.context_id')
      .select(COLS.map((c) => `api_keys.${c}` as const))
      .select([
        'accounts.handle',
        'accounts.type',
        'accounts.display_name',
        'accounts.created_at as context_created_at',
      ])
      .where('api_keys.revoked_at', 'is', null)
      .where('api_keys.key_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { handle, type, display_name, context_created_at, ...info } = row;
    const context: Account = Object.freeze({
      id: info.context_id,
      handle,
      type,
      display_name,
      created_at: context_created_at,
    });
    const now = new Date(this.now());
    if (!info.last_used_at || now.getTime() - Date.parse(info.last_used_at) > 60_000) {
      info.last_used_at = nowIso(now);
      await this.store.db
        .updateTable('api_keys')
        .set({ last_used_at: info.last_used_at })
        .where('id', '=', info.id)
        .execute();
    }
    return Object.freeze({ ...info, context });
  }

  async revoke(id: string, contextId: number): Promise<boolean> {
    this.revocations++;
    const r = await this.store.db
      .updateTable('api_keys')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('context_id', '=', contextId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Counted before and after the update: a read overlapping it in any way is not kept.
    this.revocations++;
    for (const [hash, kept] of this.recent) if (kept.key.id === id) this.recent.delete(hash);
    return Number(r.numUpdatedRows) > 0;
  }
}
