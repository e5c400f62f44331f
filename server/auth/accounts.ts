import type { Db } from '../store/db.js';
import { nowIso } from '../store/db.js';
import { conflict, invalid, notFound } from '../errors.js';

export type AccountType = 'user' | 'team';
export type Account = {
  id: number;
  handle: string;
  type: AccountType;
  display_name: string;
  created_at: string;
};
export type Role = 'admin' | 'member';
export type Membership = { team: Account; role: Role };

/** Handles that would collide with the app's own top-level routes (/owner/slug links). */
const RESERVED = new Set(
  'api admin app assets auth dashboards datasets docs dune favicon help login logout materialized-views new pipelines public queries query settings signin signout signup static system uploads usage www'.split(
    ' ',
  ),
);

export const HANDLE_RULE =
  'a handle is 2 to 39 letters, digits, "_" or "-", starting with a letter or digit';

export function validateHandle(handle: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{1,38}$/.test(handle))
    throw invalid(`invalid handle: ${HANDLE_RULE}`);
  if (RESERVED.has(handle.toLowerCase())) throw invalid(`the handle "${handle}" is reserved`);
  return handle;
}

const COLS = 'id, handle, type, display_name, created_at';

export class Accounts {
  constructor(private readonly db: Db) {}

  byId(id: number): Account | undefined {
    return this.db.prepare(`SELECT ${COLS} FROM accounts WHERE id = ?`).get(id) as
      Account | undefined;
  }

  byHandle(handle: string): Account | undefined {
    return this.db.prepare(`SELECT ${COLS} FROM accounts WHERE handle = ?`).get(handle) as
      Account | undefined;
  }

  require(handle: string, type?: AccountType): Account {
    const account = this.byHandle(handle);
    if (!account || (type && account.type !== type))
      throw notFound(`${type ?? 'account'} not found: ${handle}`);
    return account;
  }

  passwordHash(userId: number): string | null {
    const row = this.db
      .prepare(`SELECT password_hash FROM accounts WHERE id = ? AND type = 'user'`)
      .get(userId) as { password_hash: string | null } | undefined;
    return row?.password_hash ?? null;
  }

  createUser(handle: string, passwordHash: string | null, displayName = ''): Account {
    return this.insert(validateHandle(handle), 'user', displayName, passwordHash);
  }

  /** Creates a team with its first admin (none for system teams such as `demo`), in one transaction. */
  createTeam(handle: string, ownerId: number | null, displayName = ''): Account {
    return this.db.transaction(() => {
      const team = this.insert(validateHandle(handle), 'team', displayName, null);
      if (ownerId !== null) this.setMember(team.id, ownerId, 'admin');
      return team;
    })();
  }

  private insert(
    handle: string,
    type: AccountType,
    displayName: string,
    passwordHash: string | null,
  ): Account {
    if (this.byHandle(handle)) throw conflict(`the handle "${handle}" is taken`);
    const info = this.db
      .prepare(
        'INSERT INTO accounts (handle, type, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(handle, type, displayName, passwordHash, nowIso());
    return this.byId(Number(info.lastInsertRowid))!;
  }

  setMember(teamId: number, userId: number, role: Role): void {
    this.db
      .prepare(
        `INSERT INTO memberships (team_id, user_id, role, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role`,
      )
      .run(teamId, userId, role, nowIso());
  }

  /** Adds a user to a team; 409 if already a member. Returns the join time. */
  addMember(teamId: number, userId: number, role: Role): string {
    return this.db.transaction(() => {
      if (this.roleIn(teamId, userId)) throw conflict('already a member of the team');
      const joinedAt = nowIso();
      this.db
        .prepare('INSERT INTO memberships (team_id, user_id, role, created_at) VALUES (?, ?, ?, ?)')
        .run(teamId, userId, role, joinedAt);
      return joinedAt;
    })();
  }

  /** Removes a member but never the last admin: 404 if not a member, 409 for the last admin. */
  removeMemberKeepingAdmin(teamId: number, userId: number): void {
    this.db.transaction(() => {
      const role = this.roleIn(teamId, userId);
      if (!role) throw notFound('not a member of the team');
      if (role === 'admin' && this.adminCount(teamId) <= 1)
        throw conflict('a team needs at least one admin');
      this.removeMember(teamId, userId);
    })();
  }

  removeMember(teamId: number, userId: number): boolean {
    return (
      this.db
        .prepare('DELETE FROM memberships WHERE team_id = ? AND user_id = ?')
        .run(teamId, userId).changes > 0
    );
  }

  roleIn(teamId: number, userId: number): Role | undefined {
    const row = this.db
      .prepare('SELECT role FROM memberships WHERE team_id = ? AND user_id = ?')
      .get(teamId, userId) as { role: Role } | undefined;
    return row?.role;
  }

  teamsOf(userId: number): Membership[] {
    const rows = this.db
      .prepare(
        `SELECT a.id, a.handle, a.type, a.display_name, a.created_at, m.role FROM memberships m
         JOIN accounts a ON a.id = m.team_id WHERE m.user_id = ? ORDER BY a.handle`,
      )
      .all(userId) as (Account & { role: Role })[];
    return rows.map(({ role, ...team }) => ({ team, role }));
  }

  members(teamId: number): { user: Account; role: Role; joined_at: string }[] {
    const rows = this.db
      .prepare(
        `SELECT a.id, a.handle, a.type, a.display_name, a.created_at, m.role, m.created_at AS joined_at
         FROM memberships m JOIN accounts a ON a.id = m.user_id WHERE m.team_id = ? ORDER BY a.handle`,
      )
      .all(teamId) as (Account & { role: Role; joined_at: string })[];
    return rows.map(({ role, joined_at, ...user }) => ({ user, role, joined_at }));
  }

  adminCount(teamId: number): number {
    return this.db
      .prepare(`SELECT count(*) FROM memberships WHERE team_id = ? AND role = 'admin'`)
      .pluck()
      .get(teamId) as number;
  }

  /** May `userId` act in the context `contextId`? Its own, or a team it belongs to. */
  canActIn(userId: number, contextId: number): boolean {
    return userId === contextId || this.roleIn(contextId, userId) !== undefined;
  }
}
