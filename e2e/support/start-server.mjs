// Playwright's webServer: starts the real server (server/main.ts through tsx) over a fresh DATA_DIR.
// The data folder is deleted first, so every e2e run starts from first start (demo data included).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const scratch = path.join(root, '.tmp');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.tmp/e2e-data');

// Never delete anything outside the repo's .tmp/ folder, whatever DATA_DIR says.
if (!dataDir.startsWith(scratch + path.sep)) {
  console.error(`start-server: DATA_DIR must be under ${scratch}, got ${dataDir}`);
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// `node --import tsx` is what `npx tsx server/main.ts` runs, in one process: signals reach the
// server itself (npx does not pass SIGTERM on), so it shuts down gracefully.
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
