/**
 * The lexical context of every character of DuckDB SQL: code, a string literal, a quoted
 * identifier, or a comment. Used to substitute parameters safely, never to judge statements
 * (DuckDB itself decides what a statement is).
 */
export type Region =
  | { kind: 'code'; start: number; end: number }
  | { kind: 'string'; start: number; end: number; escapes: boolean }
  | { kind: 'dollar'; start: number; end: number; tag: string }
  | { kind: 'ident'; start: number; end: number }
  | { kind: 'line-comment'; start: number; end: number }
  | { kind: 'block-comment'; start: number; end: number };

const isIdentChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9_]/.test(ch);

/** Splits SQL into regions; an unterminated literal or comment runs to the end. */
export function lexRegions(sql: string): Region[] {
  const regions: Region[] = [];
  let i = 0;
  let codeStart = 0;
  const flushCode = (end: number) => {
    if (end > codeStart) regions.push({ kind: 'code', start: codeStart, end });
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      flushCode(i);
      const nl = sql.indexOf('\n', i);
      const end = nl === -1 ? sql.length : nl;
      regions.push({ kind: 'line-comment', start: i, end });
      i = codeStart = end;
    } else if (ch === '/' && next === '*') {
      flushCode(i);
      let depth = 1;
      let j = i + 2;
      while (j < sql.length && depth > 0) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          depth--;
          j += 2;
        } else j++;
      }
      regions.push({ kind: 'block-comment', start: i, end: j });
      i = codeStart = j;
    } else if (ch === "'") {
      const escapes = (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isIdentChar(sql[i - 2]);
      flushCode(i);
      let j = i + 1;
      while (j < sql.length) {
        if (escapes && sql[j] === '\\') j += 2;
        else if (sql[j] === "'" && sql[j + 1] === "'") j += 2;
        else if (sql[j] === "'") break;
        else j++;
      }
      const end = Math.min(j + 1, sql.length);
      regions.push({ kind: 'string', start: i, end, escapes });
      i = codeStart = end;
    } else if (ch === '"') {
      flushCode(i);
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === '"' && sql[j + 1] === '"') j += 2;
        else if (sql[j] === '"') break;
        else j++;
      }
      const end = Math.min(j + 1, sql.length);
      regions.push({ kind: 'ident', start: i, end });
      i = codeStart = end;
    } else if (ch === '$' && !isIdentChar(sql[i - 1])) {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 66));
      if (!m) {
        i++;
        continue;
      }
      flushCode(i);
      const tag = m[0];
      const close = sql.indexOf(tag, i + tag.length);
      const end = close === -1 ? sql.length : close + tag.length;
      regions.push({ kind: 'dollar', start: i, end, tag });
      i = codeStart = end;
    } else i++;
  }
  flushCode(sql.length);
  return regions;
}

export function regionAt(regions: Region[], offset: number): Region | undefined {
  return regions.find((r) => offset >= r.start && offset < r.end);
}
