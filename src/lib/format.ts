/**
 * Numbers as users read them, the same on every page: counts with separators, and sizes in
 * binary units (1 KiB = 1024 bytes) for results, tables, uploads and storage alike.
 */

const COUNT = new Intl.NumberFormat('en-US');

/** A count with separators: 12,345. */
export const formatCount = (n: number) => COUNT.format(n);

/** Sizes in binary units, as the docs and the admin CLI print them (one home: shared/). */
export { formatBytes } from '../../shared/format/bytes';
