/**
 * zrender, ECharts' drawing layer (6.1), keeps measured text widths and parsed colors in plain
 * objects keyed by the text (its LRU caches). A text that names a member of Object.prototype is
 * found there as a cached entry it is not: for `__proto__` zrender writes its list links onto
 * Object.prototype, so every object of the page (or of the server's render thread) gets `prev`
 * and `next`; for `constructor` or `toString` it threads the built-in into its list and its later
 * answers go wrong. A result's label or a series name can be any text, so every such string an
 * option hands ECharts is drawn with a zero-width space after it: it looks the same and is no
 * member of Object.prototype.
 */
const MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

const safe = (v: unknown): unknown => (typeof v === 'string' && MEMBERS.has(v) ? `${v}\u200b` : v);

/** `option` with every string that names a member of Object.prototype made safe (in place). */
export function withSafeTexts<T>(option: T): T {
  const stack: object[] = typeof option === 'object' && option !== null ? [option] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!Array.isArray(node) && !isPlain(node)) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (typeof v === 'object' && v !== null) stack.push(v);
      else record[key] = safe(v);
    }
  }
  return option;
}
