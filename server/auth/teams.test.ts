import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import { sqliteStore, type Store } from '../store/store.js';
import { Accounts, type Account } from './accounts.js';
import { Teams } from './teams.js';

let dir: string;
let store: Store;
let accounts: Accounts;
let teams: Teams;
let admin: Account;
let member: Account;
let outsider: Account;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-teams-'));
  store = sqliteStore(openDb(dir));
  accounts = new Accounts(store);
  teams = new Teams(accounts);
  admin = await accounts.createUser('ada', null);
  member = await accounts.createUser('max', null);
  outsider = await accounts.createUser('olga', null);
  await teams.create('crew', admin.id, 'The crew');
  await teams.addMember(admin.id, 'crew', 'max', 'member');
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const roles = async () =>
  (await teams.members('crew', admin.id)).map((m) => [m.user.handle, m.role]).sort();

describe('Teams', () => {
  it('makes its creator the admin, and shows members to members only', async () => {
    expect(await roles()).toEqual([
      ['ada', 'admin'],
      ['max', 'member'],
    ]);
    expect((await teams.members('crew', member.id)).length).toBe(2);
    // Membership stays private: a team one is not in is as unknown as one that does not exist.
    await expect(teams.members('crew', outsider.id)).rejects.toMatchObject({
      kind: 'not_found',
      message: 'team not found: crew',
    });
    await expect(teams.members('ada', admin.id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('lets only admins add members, and only users', async () => {
    await expect(teams.addMember(member.id, 'crew', 'olga', 'member')).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'only team admins may add members',
    });
    await expect(teams.addMember(outsider.id, 'crew', 'olga', 'member')).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(teams.addMember(admin.id, 'crew', 'nobody', 'member')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'user not found: nobody',
    });
    await expect(teams.addMember(admin.id, 'crew', 'crew', 'member')).rejects.toMatchObject({
      kind: 'invalid',
      message: '"crew" is a team, not a user',
    });
    await expect(teams.addMember(admin.id, 'crew', 'max', 'admin')).rejects.toMatchObject({
      kind: 'conflict',
    });
    const added = await teams.addMember(admin.id, 'crew', 'olga', 'admin');
    expect(added.user.handle).toBe('olga');
    expect(await roles()).toContainEqual(['olga', 'admin']);
  });

  it('lets admins remove anyone, members only themselves, and keeps the last admin', async () => {
    await accounts.addMember((await accounts.require('crew')).id, outsider.id, 'member');
    await expect(teams.removeMember(member.id, 'crew', 'olga')).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'only team admins may remove other members',
    });
    await teams.removeMember(member.id, 'crew', 'max');
    await expect(teams.removeMember(admin.id, 'crew', 'ada')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'a team needs at least one admin',
    });
    await teams.removeMember(admin.id, 'crew', 'olga');
    await expect(teams.removeMember(admin.id, 'crew', 'olga')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'not a member of the team: olga',
    });
    expect(await roles()).toEqual([['ada', 'admin']]);
  });
});
