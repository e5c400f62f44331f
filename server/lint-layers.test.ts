import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

type Zone = { target: string | string[]; from: string | string[]; message?: string };

/** The import-x/no-restricted-paths zones ESLint applies to a production file at `path`. */
async function zonesFor(eslint: ESLint, path: string): Promise<Zone[]> {
  const config = (await eslint.calculateConfigForFile(path)) as {
    rules: Record<string, [unknown, { zones: Zone[] }?]>;
  };
  return config.rules['import-x/no-restricted-paths']?.[1]?.zones ?? [];
}

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

describe('the lint rule that domain code knows no HTTP', () => {
  it('covers every folder of server/ but http/ and test/, however new', async () => {
    const eslint = new ESLint();
    const folders = readdirSync('server', { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'http' && d.name !== 'test')
      .map((d) => d.name);
    expect(folders).toEqual(expect.arrayContaining(['auth', 'cluster', 'scheduling']));
    const uncovered: string[] = [];
    for (const folder of folders) {
      const zones = await zonesFor(eslint, `server/${folder}/any-module.ts`);
      const guarded = zones.some(
        (z) =>
          list(z.from).includes('./server/http') && list(z.target).includes(`./server/${folder}`),
      );
      if (!guarded) uncovered.push(folder);
    }
    expect(uncovered).toEqual([]);
  });
});
