import { Accounts } from './auth/accounts.js';
import { ApiKeys } from './auth/keys.js';
import { Sessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Deps } from './deps.js';
import { openDb } from './store/db.js';

/** Opens the stores and builds every service; `close` releases them. */
export async function buildDeps(config: Config): Promise<Deps & { close: () => Promise<void> }> {
  const db = openDb(config.dataDir);
  const deps: Deps = {
    config,
    db,
    accounts: new Accounts(db),
    keys: new ApiKeys(db),
    sessions: new Sessions(db),
  };
  return {
    ...deps,
    close: async () => {
      db.close();
    },
  };
}
