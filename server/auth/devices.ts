import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store.js';

export const DEVICE_COOKIE = 'strata_device';
export const DEVICE_TTL_MS = 365 * 24 * 3600 * 1000;
const SECRET_KEY = 'device_cookie_secret';

/**
 * Known devices: after a successful sign-in the browser gets a signed cookie naming the user.
 * Sign-in throttling treats a browser holding one as the user's own known client, so failures
 * by others against the handle never lock its owner out there (OWASP's "device cookies").
 * The signing secret is generated on first use and kept in the `settings` table.
 */
export class KnownDevices {
  private constructor(private readonly secret: Buffer) {}

  /** Reads the signing secret, or makes and keeps it on first start. */
  static async open(store: Store): Promise<KnownDevices> {
    const fresh = randomBytes(32).toString('base64');
    await store.db
      .insertInto('settings')
      .values({ key: SECRET_KEY, value: fresh })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await store.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SECRET_KEY)
      .executeTakeFirstOrThrow();
    return new KnownDevices(Buffer.from(row.value, 'base64'));
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /** A cookie value for `userId`, valid for DEVICE_TTL_MS from `now`. */
  issue(userId: number, now = Date.now()): string {
    const payload = `${userId}.${now}.${randomBytes(9).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The user a cookie value was issued to, if it is genuine and not expired. */
  userId(value: string, now = Date.now()): number | undefined {
    if (value.length > 200) return undefined;
    const at = value.lastIndexOf('.');
    const payload = value.slice(0, at);
    const mac = Buffer.from(value.slice(at + 1));
    const expected = Buffer.from(this.sign(payload));
    if (at <= 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected))
      return undefined;
    const [user, issued] = payload.split('.');
    if (!(now - Number(issued) < DEVICE_TTL_MS)) return undefined;
    return Number(user);
  }
}
