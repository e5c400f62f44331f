import type { Accounts } from './auth/accounts.js';
import type { ApiKeys } from './auth/keys.js';
import type { Sessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Db } from './store/db.js';

/** Everything a route module may use; built once in main.ts (or by a test) and injected. */
export type Deps = {
  config: Config;
  db: Db;
  accounts: Accounts;
  keys: ApiKeys;
  sessions: Sessions;
};
