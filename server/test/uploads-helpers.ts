import type { TestServer } from './harness.js';

/** The two path families of the uploads API: current and deprecated (same behaviour). */
export type Family = {
  name: 'current' | 'deprecated';
  create: string;
  csv: string;
  list: string;
  insert: (ns: string, table: string) => string;
  clear: (ns: string, table: string) => string;
  remove: (ns: string, table: string) => string;
};

const V1 = '/api/v1';

export const FAMILIES: Family[] = [
  {
    name: 'current',
    create: `${V1}/uploads`,
    csv: `${V1}/uploads/csv`,
    list: `${V1}/uploads`,
    insert: (ns, t) => `${V1}/uploads/${ns}/${t}/insert`,
    clear: (ns, t) => `${V1}/uploads/${ns}/${t}/clear`,
    remove: (ns, t) => `${V1}/uploads/${ns}/${t}`,
  },
  {
    name: 'deprecated',
    create: `${V1}/table/create`,
    csv: `${V1}/table/upload/csv`,
    list: `${V1}/tables`,
    insert: (ns, t) => `${V1}/table/${ns}/${t}/insert`,
    clear: (ns, t) => `${V1}/table/${ns}/${t}/clear`,
    remove: (ns, t) => `${V1}/table/${ns}/${t}`,
  },
];

export const SCHEMA = [
  { name: 'id', type: 'bigint', nullable: false },
  { name: 'name', type: 'varchar' },
  { name: 'amount', type: 'double' },
  { name: 'ts', type: 'timestamp' },
];

/** Creates a table through the API (current path); throws unless 200. */
export async function createTable(
  t: TestServer,
  key: string,
  ns: string,
  table: string,
  extra: Record<string, unknown> = {},
) {
  const r = await t.call('POST', FAMILIES[0]!.create, {
    key,
    body: { namespace: ns, table_name: table, schema: SCHEMA, ...extra },
  });
  if (r.status !== 200) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.json;
}

/** Inserts CSV text through the API (current path). */
export function insertCsv(t: TestServer, key: string, ns: string, table: string, csv: string) {
  return t.call('POST', FAMILIES[0]!.insert(ns, table), {
    key,
    raw: { body: csv, contentType: 'text/csv' },
  });
}

/** `n` CSV rows of the SCHEMA columns, ids from `from`. */
export function csvRows(n: number, from = 1): string {
  const rows = ['id,name,amount,ts'];
  for (let i = from; i < from + n; i++)
    rows.push(
      `${i},name ${i} ${'x'.repeat(i % 17)},${i * 1.5},2024-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
    );
  return rows.join('\n') + '\n';
}

/**
 * Creates `<ns>.book`, an upload of addresses (`address` varbinary, `label` varchar) with one row
 * per [address, label] pair given as text; throws unless both calls succeed.
 */
export async function createAddressBook(
  t: TestServer,
  key: string,
  ns: string,
  rows: [address: string, label: string][],
) {
  const schema = [
    { name: 'address', type: 'varbinary' },
    { name: 'label', type: 'varchar' },
  ];
  await createTable(t, key, ns, 'book', { schema });
  const csv = ['address,label', ...rows.map(([a, l]) => `${a},${l}`)].join('\n') + '\n';
  const r = await insertCsv(t, key, ns, 'book', csv);
  if (r.status !== 200) throw new Error(`insert failed: ${r.status} ${r.text}`);
}
