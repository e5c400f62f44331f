import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const STYLES = path.resolve(SRC, '../node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Each file of src/ with the names it imports from '@mantine/core'. */
function mantineImports(): { text: string; names: string[] }[] {
  return sourceFiles(SRC).map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const names = [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g)]
      .flatMap((m) => (m[1] ?? '').split(','))
      .map((part) =>
        part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim(),
      )
      .filter((name): name is string => !!name);
    return { text, names };
  });
}

const sheet = (name: string) => `'@mantine/core/styles/${name}.css'`;

describe('mantine-styles.ts', () => {
  const listed = fs.readFileSync(path.join(SRC, 'app/mantine-styles.ts'), 'utf8');

  it('has the stylesheet of every Mantine component a file uses, globally or in that file', () => {
    const missing = mantineImports().flatMap(({ text, names }) =>
      names.filter(
        (name) =>
          fs.existsSync(path.join(STYLES, `${name}.css`)) &&
          !listed.includes(sheet(name)) &&
          !text.includes(sheet(name)),
      ),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('lists only stylesheets that exist', () => {
    const files = [...listed.matchAll(/'@mantine\/core\/styles\/([^']+)'/g)].map((m) => m[1] ?? '');
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !fs.existsSync(path.join(STYLES, f)))).toEqual([]);
  });
});
