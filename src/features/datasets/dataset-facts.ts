import { formatCount } from '../../lib/format';

/**
 * What a dataset's free-form metadata says about its data (contract/datasets.ts): rows and
 * bytes of any lake table, and for imported datasets their partitions, import and last append. Each is
 * null when the metadata has none (or not of the right type).
 */
export type DatasetFacts = {
  rows: number | null;
  sizeBytes: number | null;
  partitions: { count: number; columns: string[] } | null;
  /** When an operator imported it (only imported datasets have it). */
  importedAt: string | null;
  /** When rows were last added to it; null until the first append. */
  appendedAt: string | null;
};

const count = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;
const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

const time = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : null);

export function datasetFacts(metadata: Record<string, unknown>): DatasetFacts {
  const partitions = count(metadata.partitions);
  const columns = strings(metadata.partition_columns);
  return {
    rows: count(metadata.row_count),
    sizeBytes: count(metadata.size_bytes),
    partitions:
      partitions !== null || columns.length > 0 ? { count: partitions ?? 0, columns } : null,
    importedAt: time(metadata.imported_at),
    appendedAt: time(metadata.appended_at),
  };
}

/**
 * Who a dataset is from, in words: an operator's import says so, rather than the reserved
 * handle `dune` the API gives it (as to the demo tables); anything else names its owner.
 */
export function ownerLabel(owner: { handle: string }, metadata: Record<string, unknown>): string {
  return time(metadata.imported_at) ? 'Imported by the server’s operator' : `Owner ${owner.handle}`;
}

/** `30,000,000 rows`, `1 row`. */
export const rowsLabel = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** `30 partitions`, `1 partition`. */
export const partitionsLabel = (n: number) =>
  `${formatCount(n)} ${n === 1 ? 'partition' : 'partitions'}`;

/**
 * A line of Markdown as plain text for one-line previews (search hits, tooltips): emphasis,
 * code and heading marks dropped, links and images as their text. Not a Markdown parser: good
 * enough for a preview, never rendered as HTML.
 */
export function markdownPreview(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, '$1')
    .replace(/(^|\W)__(?=\S)(.+?)(?<=\S)__(?!\w)/g, '$1$2')
    .replace(/\*(?=\S)(.+?)(?<=\S)\*/g, '$1')
    .replace(/(^|\W)_(?=\S)(.+?)(?<=\S)_(?!\w)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
