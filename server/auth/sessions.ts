import type { Db } from '../store/db.js';
import { nowIso } from '../store/db.js';
import { randomToken, sha256Hex } from './tokens.js';

export const SESSION_COOKIE = 'strata_session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Browser sessions: the cookie holds a random token; the store holds only its hash. */
export class Sessions {
  constructor(private readonly db: Db) {}

  create(userId: number): { token: string; expiresAt: Date } {
    const token = randomToken(43);
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    this.db
      .prepare(
        'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      )
      .run(sha256Hex(token), userId, nowIso(), nowIso(expiresAt));
    return { token, expiresAt };
  }

  userId(token: string): number | undefined {
    if (token.length > 200) return undefined;
    const row = this.db
      .prepare('SELECT user_id, expires_at FROM sessions WHERE token_hash = ?')
      .get(sha256Hex(token)) as { user_id: number; expires_at: string } | undefined;
    if (!row) return undefined;
    if (Date.parse(row.expires_at) < Date.now()) {
      this.destroy(token);
      return undefined;
    }
    return row.user_id;
  }

  destroy(token: string): void {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(sha256Hex(token));
  }
}
