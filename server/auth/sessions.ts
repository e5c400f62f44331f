import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';
import { randomToken, sha256Hex } from './tokens.js';

export const SESSION_COOKIE = 'strata_session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Browser sessions: the cookie holds a random token; the store holds only its hash. */
export class Sessions {
  constructor(private readonly store: Store) {}

  async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken(43);
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.store.db
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(token),
        user_id: userId,
        created_at: nowIso(),
        expires_at: nowIso(expiresAt),
      })
      .execute();
    return { token, expiresAt };
  }

  async userId(token: string): Promise<number | undefined> {
    if (token.length > 200) return undefined;
    const row = await this.store.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row) return undefined;
    if (Date.parse(row.expires_at) < Date.now()) {
      await this.destroy(token);
      return undefined;
    }
    return row.user_id;
  }

  async destroy(token: string): Promise<void> {
    await this.store.db.deleteFrom('sessions').where('token_hash', '=', sha256Hex(token)).execute();
  }
}
