import type { Account } from './accounts.js';
import type { Scope } from './keys.js';

/** Who is calling: the acting user (if any), the context acted in, and the scope. */
export type Principal = {
  user: Account | null;
  context: Account;
  scope: Scope;
  apiKeyId: string | null;
  via: 'key' | 'session';
};
