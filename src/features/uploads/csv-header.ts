/** The most the service reads of a header line (it fails a longer one). */
export const MAX_HEADER_BYTES = 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * Where the header line ends in the first bytes of a CSV: the index just past its line break
 * (a break inside double quotes does not count), and whether that break was CRLF. `end` is -1
 * when the bytes hold no line break.
 */
export function headerLineEnd(bytes: Uint8Array): { end: number; crlf: boolean } {
  let quoted = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) quoted = !quoted;
    else if (b === LF && !quoted) return { end: i + 1, crlf: i > 0 && bytes[i - 1] === CR };
  }
  return { end: -1, crlf: false };
}

/**
 * The CSV with its header line replaced by `names` and everything after it unchanged: the rows
 * are sliced from the original file, never read or re-serialized, so a large file is sent as it
 * is. The original's byte-order mark is dropped with its header.
 */
export async function withHeader(file: Blob, names: readonly string[]): Promise<Blob> {
  const head = new Uint8Array(
    await file.slice(0, Math.min(file.size, MAX_HEADER_BYTES + 1)).arrayBuffer(),
  );
  const { end, crlf } = headerLineEnd(head);
  const header = names.join(',');
  if (end === -1) {
    if (file.size > MAX_HEADER_BYTES) throw new Error('The header line is longer than 1 MB');
    return new Blob([header], { type: 'text/csv' });
  }
  return new Blob([header, crlf ? '\r\n' : '\n', file.slice(end)], { type: 'text/csv' });
}

/** The header line of the first bytes as text (without BOM and line break), for comparison. */
export function headerText(bytes: Uint8Array): string {
  const { end } = headerLineEnd(bytes);
  const start = BOM.every((b, i) => bytes[i] === b) ? BOM.length : 0;
  const line = bytes.subarray(start, end === -1 ? bytes.length : end);
  return new TextDecoder().decode(line).replace(/\r?\n$/, '');
}

/**
 * The file to send for the chosen column names: the file itself when its header already reads
 * exactly `names` joined by commas, else a copy with the header line rewritten.
 */
export async function csvForUpload(file: Blob, names: readonly string[]): Promise<Blob> {
  const head = new Uint8Array(
    await file.slice(0, Math.min(file.size, MAX_HEADER_BYTES + 1)).arrayBuffer(),
  );
  return headerText(head) === names.join(',') ? file : withHeader(file, names);
}
