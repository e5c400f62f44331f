import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import { sqliteStore, type Store } from '../store/store.js';
import { Accounts } from './accounts.js';
import { ApiKeys, KEY_REUSE_MS, newApiKey } from './keys.js';

let dir: string;
let store: Store;
let clock: number;
let keys: ApiKeys;
/** The same store as another process sees it (the admin CLI, another node): a cache of its own. */
let elsewhere: ApiKeys;
let contextId: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-keys-'));
  store = sqliteStore(openDb(dir));
  clock = 1_000_000;
  keys = new ApiKeys(store, () => clock);
  elsewhere = new ApiKeys(store, () => clock);
  contextId = (await new Accounts(store).createUser('keyholder', null)).id;
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ApiKeys.resolve', () => {
  it('reads a key once within KEY_REUSE_MS, and again after', async () => {
    const { key, info } = await keys.create(contextId, 'read', contextId);
    const first = await keys.resolve(key);
    expect(first).toMatchObject({ id: info.id, scope: 'read', context: { id: contextId } });
    // Revoked by another process (a cache of its own): served from memory until the bound.
    await elsewhere.revoke(info.id, contextId);
    clock += KEY_REUSE_MS - 1;
    expect((await keys.resolve(key))?.id).toBe(info.id);
    clock += 1;
    expect(await keys.resolve(key)).toBeUndefined();
  });

  it('stops a key revoked through the same process at once', async () => {
    const { key, info } = await keys.create(contextId, 'read_write', contextId);
    expect(await keys.resolve(key)).toBeDefined();
    expect(await keys.revoke(info.id, contextId)).toBe(true);
    expect(await keys.resolve(key)).toBeUndefined();
  });

  it('does not keep a key read while it was being revoked', async () => {
    const { key, info } = await keys.create(contextId, 'read', contextId);
    await Promise.all([keys.resolve(key), keys.revoke(info.id, contextId)]);
    // Whichever the overlapping read saw, the next one within the bound asks the store again.
    expect(await keys.resolve(key)).toBeUndefined();
  });

  it('shares one frozen answer between requests', async () => {
    const { key } = await keys.create(contextId, 'read', contextId);
    const a = await keys.resolve(key);
    expect(await keys.resolve(key)).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a!.context)).toBe(true);
  });

  it('keeps no miss, so unknown keys cannot fill its memory nor hide a new key', async () => {
    const { key, row } = newApiKey(contextId, 'read', contextId);
    expect(await keys.resolve(key)).toBeUndefined();
    await store.db.insertInto('api_keys').values(row).execute();
    expect((await keys.resolve(key))?.id).toBe(row.id);
    expect(await keys.resolve('not a key')).toBeUndefined();
    expect(await keys.resolve(`strata_${'x'.repeat(300)}`)).toBeUndefined();
  });
});
