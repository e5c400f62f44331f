/**
 * Tags of queries and dashboards, kept as given but trimmed, without empty entries and without
 * case-insensitive duplicates (the first one kept). Pure.
 */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
