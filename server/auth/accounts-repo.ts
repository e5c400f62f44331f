import { sql, type Selectable } from 'kysely';
import { nowIso } from '../store/db.js';
import type { AccountsTable, MembershipsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';

const COLS = ['id', 'handle', 'type', 'display_name', 'created_at'] as const;

/** An account as services see it: the columns read, typed as the store declares them. */
export type Account = Pick<Selectable<AccountsTable>, (typeof COLS)[number]>;
export type AccountType = AccountsTable['type'];
export type Role = MembershipsTable['role'];

/** Handles are unique whatever their case: compared lower-cased (indexed in both dialects). */
export const sameHandle = (handle: string) => sql<boolean>`lower(handle) = ${handle.toLowerCase()}`;

/** Accounts and memberships in the metadata store: SQL only (rules are in accounts.ts). */
export class AccountsRepo {
  constructor(private readonly store: Store) {}

  async byId(id: number): Promise<Account | undefined> {
    return this.store.db
      .selectFrom('accounts')
      .select(COLS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async byHandle(handle: string): Promise<Account | undefined> {
    return this.store.db
      .selectFrom('accounts')
      .select(COLS)
      .where(sameHandle(handle))
      .executeTakeFirst();
  }

  async passwordHash(userId: number): Promise<string | null> {
    const row = await this.store.db
      .selectFrom('accounts')
      .select('password_hash')
      .where('id', '=', userId)
      .where('type', '=', 'user')
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  async insert(a: {
    handle: string;
    type: AccountType;
    displayName: string;
    passwordHash: string | null;
  }): Promise<Account> {
    return this.store.db
      .insertInto('accounts')
      .values({
        handle: a.handle,
        type: a.type,
        display_name: a.displayName,
        password_hash: a.passwordHash,
        created_at: nowIso(),
      })
      .returning(COLS)
      .executeTakeFirstOrThrow();
  }

  async setMember(teamId: number, userId: number, role: Role, at = nowIso()): Promise<void> {
    await this.store.db
      .insertInto('memberships')
      .values({ team_id: teamId, user_id: userId, role, created_at: at })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role }))
      .execute();
  }

  async removeMember(teamId: number, userId: number): Promise<boolean> {
    const r = await this.store.db
      .deleteFrom('memberships')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async roleIn(teamId: number, userId: number): Promise<Role | undefined> {
    const row = await this.store.db
      .selectFrom('memberships')
      .select('role')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  async teamsOf(userId: number): Promise<{ team: Account; role: Role }[]> {
    const rows = await this.store.db
      .selectFrom('memberships as m')
      .innerJoin('accounts as a', 'a.id', 'm.team_id')
      .select(['a.id', 'a.handle', 'a.type', 'a.display_name', 'a.created_at', 'm.role'])
      .where('m.user_id', '=', userId)
      .orderBy('a.handle')
      .execute();
    return rows.map(({ role, ...team }) => ({ team, role }));
  }

  async members(teamId: number): Promise<{ user: Account; role: Role; joined_at: string }[]> {
    const rows = await this.store.db
      .selectFrom('memberships as m')
      .innerJoin('accounts as a', 'a.id', 'm.user_id')
      .select([
        'a.id',
        'a.handle',
        'a.type',
        'a.display_name',
        'a.created_at',
        'm.role',
        'm.created_at as joined_at',
      ])
      .where('m.team_id', '=', teamId)
      .orderBy('a.handle')
      .execute();
    return rows.map(({ role, joined_at, ...user }) => ({ user, role, joined_at }));
  }

  async adminCount(teamId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
