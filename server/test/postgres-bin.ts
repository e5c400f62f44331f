import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder of PostgreSQL's pg_ctl, initdb and postgres (Debian's postgresql package:
 * /usr/lib/postgresql/<version>/bin, the newest; else pg_ctl on PATH), or undefined when
 * PostgreSQL is not installed. Read by vite.config.ts, so it imports nothing but Node.
 */
export function postgresBinDir(): string | undefined {
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found ? path.dirname(fs.realpathSync(found)) : undefined;
}
