import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const README = path.resolve(import.meta.dirname, '..', '..', 'README.md');

/** README.md's section `heading` (e.g. "### Uploads"): its text up to the next heading. */
export function readmeSection(heading: string): string {
  const text = fs.readFileSync(README, 'utf8');
  const at = text.indexOf(`\n${heading}\n`);
  if (at === -1) throw new Error(`README.md has no heading "${heading}"`);
  const rest = text.slice(at + heading.length + 2);
  const end = rest.search(/^#{2,3} /m);
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * The first ```sh block of README.md's section `heading`, so a test runs the examples a reader
 * copies, not a copy of them.
 */
export function readmeShellBlock(heading: string): string {
  const block = /```sh\n([\s\S]*?)\n```\n/.exec(readmeSection(heading));
  if (!block) throw new Error(`README.md has no sh block in "${heading}"`);
  return block[1]!;
}

export type CurlCall = { status: number; body: string };

/**
 * Runs a README shell block with bash (`set -e`), `env` set, and `curl` wrapped to record each
 * call's status and body; a call answering other than 2xx stops the block. The calls, in order,
 * and the block's exit code and stderr.
 */
export async function runReadmeBlock(
  block: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; calls: CurlCall[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-readme-'));
  try {
    const log = path.join(dir, 'calls');
    // Calls are numbered by the statuses already written (also from inside "$(...)").
    const prelude = `set -eo pipefail
curl() {
  local n code
  n=$(find "$CALLS" -name '*.status' | wc -l)
  code=$(command curl -sS -o "$CALLS/$n.body" -w '%{http_code}' "$@")
  echo "$code" > "$CALLS/$n.status"
  cat "$CALLS/$n.body"
  [[ $code == 2* ]] || { echo "HTTP $code from curl $*" >&2; return 1; }
}
`;
    fs.mkdirSync(log);
    // Not spawnSync: the server answering the calls runs in this process's event loop.
    const child = spawn('bash', ['--norc', '--noprofile', '-c', `${prelude}\n${block}`], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, CALLS: log },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const count = fs.readdirSync(log).filter((f) => f.endsWith('.status')).length;
    const calls = Array.from({ length: count }, (_, i) => ({
      status: Number(fs.readFileSync(path.join(log, `${i}.status`), 'utf8')),
      body: fs.readFileSync(path.join(log, `${i}.body`), 'utf8'),
    }));
    return { code, stderr, calls };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
