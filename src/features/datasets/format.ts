/** How dataset types are named and coloured in the app. */
const TYPES: Record<string, { label: string; color: string }> = {
  dune_table: { label: 'Table', color: 'blue' },
  decoded_table: { label: 'Decoded table', color: 'grape' },
  spell: { label: 'Spell', color: 'teal' },
  uploaded_table: { label: 'Uploaded table', color: 'orange' },
  transformation_table: { label: 'Transformation table', color: 'lime' },
  transformation_view: { label: 'Transformation view', color: 'indigo' },
  materialized_view: { label: 'Materialized view', color: 'cyan' },
};

export function typeLabel(type: string): string {
  return TYPES[type]?.label ?? type.replace(/_/g, ' ');
}

export function typeColor(type: string): string {
  return TYPES[type]?.color ?? 'gray';
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The contract line of a decoded table: project, contract and ABI type, as far as known
 * (`uniswap_v3 · UniswapV3Pool · event`); null for other datasets.
 */
export function contractLine(metadata: Record<string, unknown> | undefined): string | null {
  if (!metadata) return null;
  const parts = [metadata.project_name, metadata.contract_name, metadata.abi_type]
    .map(str)
    .filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

/** At most `max` chains to show, and how many more there are. */
export function visibleChains(chains: readonly string[], max = 4) {
  return { shown: chains.slice(0, max), more: Math.max(0, chains.length - max) };
}

/** `21–40 of 57` for page 2 of 20 per page. */
export function rangeLabel(offset: number, count: number, total: number): string {
  if (count === 0) return `0 of ${total}`;
  return `${offset + 1}–${offset + count} of ${total}`;
}

/** The chains to offer as facets: the known ones, those on screen and those chosen. */
export function chainChoices(known: readonly string[], ...more: (readonly string[])[]): string[] {
  return [...new Set([...known, ...more.flat()])].sort();
}

/** A preview cell as text: null as `NULL`, objects as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
