/**
 * npm run bench: every part of the benchmark in one run, one process each (so no part's server
 * shares a process with another's), then the goals they measured, met or not, in one list.
 * A part marks a goal by printing `(goal ... met)` or `(goal ... NOT met)` on a figure's line.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const PARTS = [
  'run.ts',
  'serving.ts',
  'dashboard.ts',
  'uploads.ts',
  'query-page.ts',
  'datasets.ts',
  'memory.ts',
  'cluster.ts',
  'dunesql-rewrite.ts',
  'dunesql.ts',
  'results-download.ts',
];
const GOAL = /\(goal [^)]*\)/;

/** Runs one part, echoing what it prints; resolves with its lines that state a goal. */
function runPart(part: string): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, part)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const goals: string[] = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (GOAL.test(line)) goals.push(line.trim());
  });
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      if (GOAL.test(rest)) goals.push(rest.trim());
      if (code === 0) resolve(goals);
      else reject(new Error(`bench/${part} exited with ${code}`));
    }),
  );
}

const summary: [string, string[]][] = [];
for (const part of PARTS) summary.push([part, await runPart(part)]);

const all = summary.flatMap(([, goals]) => goals);
const met = all.filter((g) => !/NOT met/.test(g)).length;
console.log(`\nGoals: ${met} of ${all.length} met`);
for (const [part, goals] of summary) {
  if (goals.length === 0) continue;
  console.log(`  bench/${part}`);
  for (const g of goals) console.log(`    ${g}`);
}
