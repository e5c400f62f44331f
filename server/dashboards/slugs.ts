import { DASHBOARD_LIMITS } from '../../contract/dashboards.js';

/** The slug of a dashboard whose name gives none (empty, or nothing ASCII in it). */
export const DEFAULT_SLUG = 'dashboard';

/** Cuts a slug to `max` characters without leaving a trailing hyphen. */
function cut(slug: string, max: number): string {
  return slug.slice(0, max).replace(/-+$/, '');
}

/**
 * A URL slug from a dashboard name: accents dropped, lowercase ASCII letters and digits, every
 * other run of characters one hyphen, no leading or trailing hyphen, at most the slug limit.
 * Nothing left → `dashboard`.
 */
export function slugify(name: string, max: number = DASHBOARD_LIMITS.slug): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cut(slug, max) || DEFAULT_SLUG;
}

/**
 * `base` if it is free, else `base-2`, `base-3`, ... (the base shortened so the suffix fits the
 * limit). `taken` answers for one candidate (case-insensitively, as the store compares slugs);
 * candidates are asked one at a time, in order.
 */
export async function uniqueSlug(
  base: string,
  taken: (slug: string) => boolean | Promise<boolean>,
  max: number = DASHBOARD_LIMITS.slug,
): Promise<string> {
  if (!(await taken(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${cut(base, max - suffix.length) || DEFAULT_SLUG}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}
