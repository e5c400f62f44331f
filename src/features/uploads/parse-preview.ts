import Papa from 'papaparse';
import { PREVIEW_BYTES, SAMPLE_ROWS, type Preview } from './preview';

/** Why a file cannot be previewed as the service reads CSV (comma-separated, header first). */
export class PreviewError extends Error {}

/**
 * The header and first rows of a CSV, parsed with Papa Parse. Of a file only the first
 * PREVIEW_BYTES are read (cut after their last whole line). The service reads commas only, so
 * another delimiter is refused here already.
 */
export async function parsePreview(input: Blob | string): Promise<Preview> {
  let text: string;
  let cut = false;
  if (typeof input === 'string') text = input;
  else {
    text = await input.slice(0, PREVIEW_BYTES).text();
    cut = input.size > PREVIEW_BYTES;
    if (cut) text = text.slice(0, text.lastIndexOf('\n') + 1);
  }
  const results = Papa.parse<string[]>(text, {
    preview: SAMPLE_ROWS + 1,
    skipEmptyLines: 'greedy',
  });
  const preview = toPreview(results);
  return cut ? { ...preview, more: true } : preview;
}

function toPreview(results: Papa.ParseResult<string[]>): Preview {
  const [first, ...rows] = results.data;
  if (!first || first.every((c) => c.trim() === ''))
    throw new PreviewError('The file is empty: its first line must name the columns.');
  const delimiter = results.meta.delimiter;
  if (first.length > 1 && delimiter !== ',')
    throw new PreviewError(
      `Columns must be separated by commas; this file seems to use ${JSON.stringify(delimiter)}.`,
    );
  const header = first.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
  return { header, rows, more: rows.length >= SAMPLE_ROWS };
}
