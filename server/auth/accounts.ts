import { HANDLE_RULE, handleProblem } from '../../contract/rules/names.js';
import { conflict, invalid, notFound } from '../errors.js';
import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';
import { AccountsRepo, type Account, type AccountType, type Role } from './accounts-repo.js';

export type { Account, AccountType, Role } from './accounts-repo.js';
export type Membership = { team: Account; role: Role };

/** The handle, or invalid: the wire's one handle rule (contract/rules/names.ts). */
export function validateHandle(handle: string): string {
  const problem = handleProblem(handle);
  if (problem === 'invalid') throw invalid(`invalid handle: ${HANDLE_RULE}`);
  if (problem === 'reserved') throw invalid(`the handle "${handle}" is reserved`);
  return handle;
}

/** Users and teams in one handle namespace, memberships and roles: the rules. */
export class Accounts {
  private readonly repo: AccountsRepo;

  constructor(private readonly store: Store) {
    this.repo = new AccountsRepo(store);
  }

  byId(id: number): Promise<Account | undefined> {
    return this.repo.byId(id);
  }

  byHandle(handle: string): Promise<Account | undefined> {
    return this.repo.byHandle(handle);
  }

  /** The account of that handle (and type, if given), or not_found. */
  async require(handle: string, type?: AccountType): Promise<Account> {
    const account = await this.repo.byHandle(handle);
    if (!account || (type && account.type !== type))
      throw notFound(`${type ?? 'account'} not found: ${handle}`);
    return account;
  }

  passwordHash(userId: number): Promise<string | null> {
    return this.repo.passwordHash(userId);
  }

  createUser(handle: string, passwordHash: string | null, displayName = ''): Promise<Account> {
    return this.insert(validateHandle(handle), 'user', displayName, passwordHash);
  }

  /** Creates a team with its first admin (none for system teams such as `demo`), in one transaction. */
  createTeam(handle: string, ownerId: number | null, displayName = ''): Promise<Account> {
    return this.store.transaction(async () => {
      const team = await this.insert(validateHandle(handle), 'team', displayName, null);
      if (ownerId !== null) await this.repo.setMember(team.id, ownerId, 'admin');
      return team;
    });
  }

  private insert(
    handle: string,
    type: AccountType,
    displayName: string,
    passwordHash: string | null,
  ): Promise<Account> {
    return this.store.transaction(async () => {
      if (await this.repo.byHandle(handle)) throw conflict(`the handle "${handle}" is taken`);
      return this.repo.insert({ handle, type, displayName, passwordHash });
    });
  }

  setMember(teamId: number, userId: number, role: Role): Promise<void> {
    return this.repo.setMember(teamId, userId, role);
  }

  /** Adds a user to a team; conflict if already a member. Returns the join time. */
  addMember(teamId: number, userId: number, role: Role): Promise<string> {
    return this.store.transaction(async () => {
      if (await this.repo.roleIn(teamId, userId)) throw conflict('already a member of the team');
      const joinedAt = nowIso();
      await this.repo.setMember(teamId, userId, role, joinedAt);
      return joinedAt;
    });
  }

  /** Removes a member but never the last admin: not_found if not a member, conflict for the last admin. */
  removeMemberKeepingAdmin(teamId: number, userId: number): Promise<void> {
    return this.store.transaction(async () => {
      const role = await this.repo.roleIn(teamId, userId);
      if (!role) throw notFound('not a member of the team');
      if (role === 'admin' && (await this.repo.adminCount(teamId)) <= 1)
        throw conflict('a team needs at least one admin');
      await this.repo.removeMember(teamId, userId);
    });
  }

  removeMember(teamId: number, userId: number): Promise<boolean> {
    return this.repo.removeMember(teamId, userId);
  }

  roleIn(teamId: number, userId: number): Promise<Role | undefined> {
    return this.repo.roleIn(teamId, userId);
  }

  teamsOf(userId: number): Promise<Membership[]> {
    return this.repo.teamsOf(userId);
  }

  members(teamId: number): Promise<{ user: Account; role: Role; joined_at: string }[]> {
    return this.repo.members(teamId);
  }

  adminCount(teamId: number): Promise<number> {
    return this.repo.adminCount(teamId);
  }

  /** May `userId` act in the context `contextId`? Its own, or a team it belongs to. */
  async canActIn(userId: number, contextId: number): Promise<boolean> {
    return userId === contextId || (await this.repo.roleIn(contextId, userId)) !== undefined;
  }
}
