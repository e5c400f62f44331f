import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Accounts, type Role } from '../auth/accounts.js';
import { ApiKeys, type Scope } from '../auth/keys.js';
import { hashPassword, passwordProblem } from '../auth/passwords.js';
import { DatasetsAdmin } from '../catalog/datasets-admin.js';
import { DatasetSyncsRepo } from '../catalog/dataset-syncs-repo.js';
import { DatasetsSync } from '../catalog/datasets-sync.js';
import { loadConfig } from '../config.js';
import { TrustedDuck } from '../engine/duck.js';
import { Lake } from '../lake/lake.js';
import { RetiredSnapshots } from '../lake/retired-snapshots.js';
import { DATASET_COMMANDS, DATASET_USAGE, type DatasetTools, type Opts } from './admin-datasets.js';
import { openStore } from '../store/open.js';
import type { Store } from '../store/store.js';

/**
 * Operator commands over the metadata store; safe while the server runs (SQLite WAL, or
 * PostgreSQL). The store is the servers' own: `openStore` refuses SQLite on a DATA_DIR whose
 * store is in PostgreSQL (data-dir.ts), so a CLI run without DATABASE_URL cannot make accounts
 * or keys that no node sees.
 */

export const USAGE = `usage: npm run admin -- <command> [options]

commands:
  create-user <handle> [--password P] [--display-name N]
  create-team <handle> --owner <user> [--display-name N]
  add-member <team> <user> [--role admin|member]
  remove-member <team> <user>
  create-key --context <handle> --scope read|read_write [--user <creator>] [--name N]
               prints a line describing the key, then the key alone on the last line
  revoke-key <id>
  list-keys --context <handle>
${DATASET_USAGE}
  help

DATA_DIR (default ./data) selects the store; with DATABASE_URL (postgres://...) it is in PostgreSQL.
A DATA_DIR whose servers run with DATABASE_URL (a cluster's) is refused without it.`;

export type Io = { out: (line: string) => void; err: (line: string) => void };

/** A usage or input error: its message goes to stderr and the exit code is 1. */
class CliError extends Error {}

type Stores = { accounts: Accounts; keys: ApiKeys; datasets: () => Promise<DatasetTools> };

type Command = {
  options?: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  positionals: number;
  run: (s: Stores, args: string[], opts: Opts, io: Io) => unknown;
};

const COMMANDS: Record<string, Command> = {
  'create-user': {
    positionals: 1,
    options: { password: { type: 'string' }, 'display-name': { type: 'string' } },
    run: async ({ accounts }, [handle], opts, io) => {
      const password = text(opts, 'password');
      const problem = password !== undefined && (await passwordProblem(password, handle!));
      if (problem) throw new CliError(problem);
      const hash = password !== undefined ? await hashPassword(password) : null;
      const user = await accounts.createUser(handle!, hash, text(opts, 'display-name') ?? '');
      io.out(
        `created user ${user.handle} (id ${user.id})${hash ? '' : ', no password (cannot sign in)'}`,
      );
    },
  },
  'create-team': {
    positionals: 1,
    options: { owner: { type: 'string' }, 'display-name': { type: 'string' } },
    run: async ({ accounts }, [handle], opts, io) => {
      const owner = await accounts.require(required(opts, 'owner'), 'user');
      const team = await accounts.createTeam(handle!, owner.id, text(opts, 'display-name') ?? '');
      io.out(`created team ${team.handle} (id ${team.id}), admin ${owner.handle}`);
    },
  },
  'add-member': {
    positionals: 2,
    options: { role: { type: 'string' } },
    run: async ({ accounts }, [teamHandle, userHandle], opts, io) => {
      const role = text(opts, 'role') ?? 'member';
      if (role !== 'admin' && role !== 'member') throw new CliError('--role is admin or member');
      const team = await accounts.require(teamHandle!, 'team');
      const user = await accounts.require(userHandle!, 'user');
      await accounts.addMember(team.id, user.id, role as Role);
      io.out(`added ${user.handle} to ${team.handle} as ${role}`);
    },
  },
  'remove-member': {
    positionals: 2,
    run: async ({ accounts }, [teamHandle, userHandle], _opts, io) => {
      const team = await accounts.require(teamHandle!, 'team');
      const user = await accounts.require(userHandle!, 'user');
      await accounts.removeMemberKeepingAdmin(team.id, user.id);
      io.out(`removed ${user.handle} from ${team.handle}`);
    },
  },
  'create-key': {
    positionals: 0,
    options: {
      context: { type: 'string' },
      scope: { type: 'string' },
      user: { type: 'string' },
      name: { type: 'string' },
    },
    run: async ({ accounts, keys }, _args, opts, io) => {
      const context = await accounts.require(required(opts, 'context'));
      const scope = required(opts, 'scope');
      if (scope !== 'read' && scope !== 'read_write') {
        throw new CliError('--scope is read or read_write');
      }
      const name = text(opts, 'name') ?? '';
      if (name.length > 100) throw new CliError('--name is at most 100 characters');
      let creator: number | null = null;
      const userHandle = text(opts, 'user');
      if (userHandle !== undefined) {
        const user = await accounts.require(userHandle, 'user');
        if (!(await accounts.canActIn(user.id, context.id))) {
          throw new CliError(`${user.handle} is not a member of ${context.handle}`);
        }
        creator = user.id;
      }
      const { key, info } = await keys.create(context.id, scope as Scope, creator, name);
      io.out(
        `created key ${info.id} (${info.scope}) for ${context.type} ${context.handle}` +
          (name ? ` named "${name}"` : '') +
          '; it is shown only once:',
      );
      io.out(key);
    },
  },
  'revoke-key': {
    positionals: 1,
    run: async ({ keys }, [id], _opts, io) => {
      const info = await keys.byId(id!);
      if (!info || !(await keys.revoke(info.id, info.context_id))) {
        throw new CliError(`API key not found: ${id}`);
      }
      io.out(`revoked key ${info.id}`);
    },
  },
  'list-keys': {
    positionals: 0,
    options: { context: { type: 'string' } },
    run: async ({ accounts, keys }, _args, opts, io) => {
      const context = await accounts.require(required(opts, 'context'));
      const list = await keys.listForContext(context.id);
      if (list.length === 0) io.out(`no keys for ${context.handle}`);
      for (const k of list) {
        const creator =
          k.created_by !== null ? (await accounts.byId(k.created_by))?.handle : undefined;
        io.out(
          [
            k.id,
            `${k.prefix}…`,
            k.scope,
            `created ${k.created_at}`,
            `by ${creator ?? '-'}`,
            `last used ${k.last_used_at ?? 'never'}`,
            k.name ? `"${k.name}"` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
    },
  },
  ...Object.fromEntries(
    Object.entries(DATASET_COMMANDS).map(([name, c]): [string, Command] => [
      name,
      { ...c, run: async (s, args, opts, io) => c.run(await s.datasets(), args, opts, io.out) },
    ]),
  ),
};

const text = (opts: Opts, name: string) =>
  typeof opts[name] === 'string' ? (opts[name] as string) : undefined;

function required(opts: Opts, name: string): string {
  const value = text(opts, name);
  if (value === undefined || value === '') throw new CliError(`--${name} is required`);
  return value;
}

/** Runs one command; returns the exit code (0 ok, 1 error, 2 unknown command). */
export async function runAdmin(
  argv: string[],
  io: Io,
  open: () => Promise<Store> = () => openStore(loadConfig()),
  dataDir: () => string = () => loadConfig().dataDir,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  const command = name !== undefined ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(name === undefined ? 'no command given' : `unknown command: ${name}`);
    io.err(USAGE);
    return 2;
  }
  let store: Store | undefined;
  let duck: TrustedDuck | undefined;
  let retired: RetiredSnapshots | undefined;
  try {
    const parsed = parseArgs({
      args: rest,
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    const positionals = parsed.positionals;
    if (positionals.length !== command.positionals) {
      throw new CliError(
        `${name} takes ${command.positionals} argument(s), got ${positionals.length}; see "help"`,
      );
    }
    const opts = parsed.values as Opts;
    const opened = await open();
    store = opened;
    // The dataset commands need the trusted DuckDB and the lake; the others do not start them.
    const datasets = async () => {
      const dir = dataDir();
      duck = await TrustedDuck.forDataDir(dir);
      const lake = new Lake(opened, dir, duck);
      retired = new RetiredSnapshots(lake.repo, lake.root);
      const admin = new DatasetsAdmin({ lake, duck, dataDir: dir, retired });
      return {
        admin,
        sync: new DatasetsSync({ admin, duck, syncs: new DatasetSyncsRepo(opened) }),
      };
    };
    await command.run(
      { accounts: new Accounts(opened), keys: new ApiKeys(opened), datasets },
      positionals,
      opts,
      io,
    );
    return 0;
  } catch (err) {
    io.err(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    retired?.close();
    duck?.close();
    await store?.close();
  }
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return fs.realpathSync(entry) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await runAdmin(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exitCode = code;
}
