import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertDestinationTypesResponse } from '../../contract/alerts.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { ALERTS, alertConfig } from '../test/alerts-helpers.js';

let withSmtp: TestServer;
let without: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  // The port is never dialled: the answer depends only on whether an SMTP server is set.
  withSmtp = await createTestServer(alertConfig({ smtpPort: 2525 }));
  without = await createTestServer(alertConfig());
  alice = await withSmtp.createUser('alice');
  bob = await without.createUser('bob');
});
afterAll(async () => {
  await withSmtp.close();
  await without.close();
});

describe('GET /alerts/destinations', () => {
  it('offers email only when the server has an SMTP server', async () => {
    const on = await withSmtp.callOk(
      AlertDestinationTypesResponse,
      'GET',
      `${ALERTS}/destinations`,
      {
        key: alice.key,
      },
    );
    expect(on.json).toEqual({ webhook: true, email: true });
    const off = await without.callOk(
      AlertDestinationTypesResponse,
      'GET',
      `${ALERTS}/destinations`,
      {
        key: bob.key,
      },
    );
    expect(off.json).toEqual({ webhook: true, email: false });
  });

  it('needs a key, and is not read as an alert id', async () => {
    const anon = await without.call('GET', `${ALERTS}/destinations`);
    expect(anon.status).toBe(401);
    expect(anon.json.error).toEqual(expect.any(String));
    const bad = await without.call('GET', `${ALERTS}/not-an-id`, { key: bob.key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toEqual(expect.any(String));
  });
});
