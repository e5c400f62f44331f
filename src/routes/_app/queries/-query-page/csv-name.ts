/** `Daily DEX volume (v2)` → `daily-dex-volume-v2`: lower case, ASCII letters and digits. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The file name of a result's CSV download: the query's name and the day (UTC). */
export function csvFileName(queryName: string, at: Date): string {
  return `${slugify(queryName) || 'query'}-${at.toISOString().slice(0, 10)}.csv`;
}
