/** Rows sampled to suggest types, and rows shown in the preview table. */
export const SAMPLE_ROWS = 200;
export const PREVIEW_ROWS = 50;
/** The most bytes read from the start of a file for its preview. */
export const PREVIEW_BYTES = 2 * 1024 * 1024;

export type Preview = {
  /** The header line's names, as written in the file. */
  header: string[];
  /** Up to SAMPLE_ROWS rows after the header. */
  rows: string[][];
  /** Whether the file may hold more rows than were read. */
  more: boolean;
};
