import { forbidden, invalid, notFound } from '../errors.js';
import type { Account, Accounts, Role } from './accounts.js';

/** Teams as their members manage them: who sees a team, who adds and removes members. */
export class Teams {
  constructor(private readonly accounts: Accounts) {}

  /** The team and the caller's role in it; not_found when either is missing (membership stays private). */
  async ofMember(handle: string, userId: number): Promise<{ team: Account; role: Role }> {
    const team = await this.accounts.byHandle(handle);
    const role = team?.type === 'team' ? await this.accounts.roleIn(team.id, userId) : undefined;
    if (!team || !role) throw notFound(`team not found: ${handle}`);
    return { team, role };
  }

  create(handle: string, ownerId: number, displayName: string): Promise<Account> {
    return this.accounts.createTeam(handle, ownerId, displayName);
  }

  async members(handle: string, userId: number) {
    const { team } = await this.ofMember(handle, userId);
    return this.accounts.members(team.id);
  }

  /** A team admin adds a user: forbidden for members, not_found for an unknown user. */
  async addMember(
    actorId: number,
    teamHandle: string,
    userHandle: string,
    role: Role,
  ): Promise<{ user: Account; joinedAt: string }> {
    const { team, role: actorRole } = await this.ofMember(teamHandle, actorId);
    if (actorRole !== 'admin') throw forbidden('only team admins may add members');
    const user = await this.accounts.byHandle(userHandle);
    if (!user) throw notFound(`user not found: ${userHandle}`);
    if (user.type !== 'user') throw invalid(`"${userHandle}" is a team, not a user`);
    return { user, joinedAt: await this.accounts.addMember(team.id, user.id, role) };
  }

  /** Admins remove anyone, members only themselves; the last admin stays (conflict). */
  async removeMember(actorId: number, teamHandle: string, userHandle: string): Promise<void> {
    const { team, role } = await this.ofMember(teamHandle, actorId);
    const target = await this.accounts.byHandle(userHandle);
    if (!target || target.type !== 'user' || !(await this.accounts.roleIn(team.id, target.id)))
      throw notFound(`not a member of the team: ${userHandle}`);
    if (role !== 'admin' && target.id !== actorId)
      throw forbidden('only team admins may remove other members');
    await this.accounts.removeMemberKeepingAdmin(team.id, target.id);
  }
}
