import fs from 'node:fs';
import { invalid } from '../errors.js';

/** The most read of a header line (a longer one fails). */
const HEADER_LIMIT = 1024 * 1024;

/**
 * The fields of a CSV's first record, as DuckDB's reader (quote and escape `"`) reads them:
 * a quoted field may hold commas, `""` and line breaks. `done` is false when the text ends
 * before the record does (more may follow).
 */
export function headerFields(text: string): { fields: string[]; done: boolean } {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n') {
      fields.push(field.replace(/\r$/, ''));
      return { fields, done: true };
    } else field += ch;
  }
  fields.push(field.replace(/\r$/, ''));
  return { fields, done: false };
}

/**
 * The header of a CSV file: its first record's fields, trimmed (as written; callers decide what
 * names they become). 400 for an empty file or a header past 1 MB.
 */
export function csvHeader(file: string): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const chunks: Buffer[] = [];
    let read = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, read);
      if (n > 0) chunks.push(Buffer.from(buf.subarray(0, n)));
      read += n;
      // Decoded whole each time, so a character split between chunks is never mangled.
      const { fields, done } = headerFields(Buffer.concat(chunks).toString('utf8'));
      if (done || n === 0) {
        if (fields.every((f) => f.trim() === ''))
          throw invalid('the CSV is empty: its first line must name the columns');
        return fields.map((f) => f.trim());
      }
      if (read > HEADER_LIMIT) throw invalid('line 1: the header line is longer than 1 MB');
    }
  } finally {
    fs.closeSync(fd);
  }
}
