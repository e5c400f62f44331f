import { formatCount } from '../../lib/format';

/**
 * What a dataset's free-form metadata says about its data (contract/datasets.ts): rows and
 * bytes of any lake table, and for imported datasets their partitions and last append. Each is
 * null when the metadata has none (or not of the right type).
 */
export type DatasetFacts = {
  rows: number | null;
  sizeBytes: number | null;
  partitions: { count: number; columns: string[] } | null;
  appendedAt: string | null;
};

const count = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;
const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

export function datasetFacts(metadata: Record<string, unknown>): DatasetFacts {
  const partitions = count(metadata.partitions);
  const columns = strings(metadata.partition_columns);
  const appended = metadata.appended_at;
  return {
    rows: count(metadata.row_count),
    sizeBytes: count(metadata.size_bytes),
    partitions:
      partitions !== null || columns.length > 0 ? { count: partitions ?? 0, columns } : null,
    appendedAt:
      typeof appended === 'string' && !Number.isNaN(Date.parse(appended)) ? appended : null,
  };
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
