import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import { sqliteStore, type Store } from '../store/store.js';
import { Accounts, type Account } from './accounts.js';
import { KeyAdmin } from './key-admin.js';
import { ApiKeys } from './keys.js';
import type { Principal } from './principal.js';

let dir: string;
let store: Store;
let keys: ApiKeys;
let admin: KeyAdmin;
let owner: Account;
let member: Account;
let stranger: Account;
let team: Account;

const session = (user: Account, context: Account = user): Principal => ({
  user,
  context,
  scope: 'read_write',
  apiKeyId: null,
  via: 'session',
});

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-key-admin-'));
  store = sqliteStore(openDb(dir));
  const accounts = new Accounts(store);
  keys = new ApiKeys(store);
  admin = new KeyAdmin(accounts, keys);
  owner = await accounts.createUser('owner', null);
  member = await accounts.createUser('member', null);
  stranger = await accounts.createUser('stranger', null);
  team = await accounts.createTeam('crew', owner.id);
  await accounts.addMember(team.id, member.id, 'member');
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('KeyAdmin', () => {
  it('manages keys from a browser session only, never with a key', async () => {
    const viaKey: Principal = { ...session(owner), scope: 'read_write', apiKeyId: 'k', via: 'key' };
    const refusal = { kind: 'forbidden', message: 'API keys are managed from a signed-in session' };
    await expect(admin.list(viaKey)).rejects.toMatchObject(refusal);
    await expect(admin.create(viaKey, { scope: 'read' })).rejects.toMatchObject(refusal);
    await expect(admin.revoke(viaKey, 'x')).rejects.toMatchObject(refusal);
  });

  it("lets a user manage its own keys, and lists them with their creator's handle", async () => {
    const created = await admin.create(session(owner), { scope: 'read', name: 'ci' });
    expect(created).toMatchObject({ name: 'ci', scope: 'read', context: 'owner' });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(await admin.list(session(owner))).toEqual([
      expect.objectContaining({ id: created.id, created_by: 'owner', context: 'owner' }),
    ]);
    await admin.revoke(session(owner), created.id);
    expect(await admin.list(session(owner))).toEqual([]);
  });

  it('lets team admins create and revoke, plain members only list', async () => {
    const byBody = await admin.create(session(owner), { scope: 'read_write', context: 'crew' });
    expect(byBody.context).toBe('crew');
    const byContext = await admin.create(session(owner, team), { scope: 'read' });
    expect(byContext.context).toBe('crew');
    const onlyAdmins = {
      kind: 'forbidden',
      message: 'only admins of the team "crew" manage its API keys',
    };
    await expect(admin.create(session(member, team), { scope: 'read' })).rejects.toMatchObject(
      onlyAdmins,
    );
    await expect(admin.revoke(session(member, team), byBody.id)).rejects.toMatchObject(onlyAdmins);
    expect((await admin.list(session(member, team))).map((k) => k.id).sort()).toEqual(
      [byBody.id, byContext.id].sort(),
    );
    await admin.revoke(session(owner, team), byBody.id);
    expect((await keys.listForContext(team.id)).map((k) => k.id)).toEqual([byContext.id]);
  });

  it('answers not_found for a context the user is not in, and for a key of another context', async () => {
    await expect(
      admin.create(session(stranger), { scope: 'read', context: 'crew' }),
    ).rejects.toMatchObject({ kind: 'not_found', message: 'context not found: crew' });
    await expect(
      admin.create(session(stranger), { scope: 'read', context: 'nobody' }),
    ).rejects.toMatchObject({ kind: 'not_found', message: 'context not found: nobody' });
    const theirs = await admin.create(session(owner), { scope: 'read' });
    await expect(admin.revoke(session(stranger), theirs.id)).rejects.toMatchObject({
      kind: 'not_found',
      message: 'API key not found',
    });
    expect(await admin.list(session(owner))).toHaveLength(1);
  });
});
