import type { DuckDBConnection } from '@duckdb/node-api';
import type { Dialect } from '../../contract/rules/enums.js';
import { lex } from '../../shared/sql/lexer.js';
import { firstColumn } from './duck.js';
import { SqlError } from './sql-errors.js';

/**
 * A quoted `'0x…'` compared with a varbinary (an address, a hash) is text: DuckDB casts it to
 * the bytes of its characters ('0', 'x', …), so `address = '0xab…'` or `IN ('0xab…')` matches
 * nothing, with no error. Trino refuses the comparison; queries written when the demo tables held
 * addresses as text did it on purpose. Such a run fails here, naming the literal and the way to
 * write it, instead of answering an empty result.
 *
 * Only SQL with a string of that form is looked at (the lexer finds none in most queries); for
 * it, DuckDB's bound, unoptimized plan (json_serialize_plan) is searched for a cast of such a text
 * constant to BLOB. Its position is the literal's, in the SQL as run.
 */
export async function refuseHexTextAsBytes(
  conn: DuckDBConnection,
  sql: string,
  dialect: Dialect,
): Promise<void> {
  const hexText = lex(sql, { placeholders: false }).tokens.some(
    (t) => t.kind === 'string' && !t.escapes && HEX_STRING.test(t.text),
  );
  if (!hexText) return;
  const [json] = await firstColumn(conn, 'SELECT json_serialize_plan($1::VARCHAR)', [sql]);
  const cast = hexTextCast(JSON.parse(String(json ?? '{}')) as unknown);
  if (!cast) return;
  const hex = cast.text.slice(2);
  const instead = dialect === 'dunesql' ? `0x${hex} (no quotes)` : `from_hex('${hex}')`;
  throw new SqlError(
    'FAILED_TYPE_EXECUTION_FAILED',
    `'${cast.text}' is text, not varbinary: compared with an address or hash it matches nothing; write ${instead}, or give the {{parameter}} it came from the type varbinary`,
    cast.at,
  );
}

const HEX_STRING = /^'0x[0-9a-f]*'$/i;
const HEX_TEXT = /^0x[0-9a-f]*$/i;

type PlanNode = {
  expression_class?: unknown;
  return_type?: { id?: unknown };
  child?: PlanNode;
  value?: { type?: { id?: unknown }; is_null?: unknown; value?: unknown };
  query_location?: unknown;
};

/** The first cast (by place in the SQL) of a `0x…` VARCHAR constant to BLOB in a serialized plan. */
export function hexTextCast(plan: unknown): { text: string; at?: number } | undefined {
  let first: { text: string; at?: number } | undefined;
  const stack: unknown[] = [plan];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const n = node as PlanNode;
    const value = n.child?.value;
    if (
      n.expression_class === 'BOUND_CAST' &&
      n.return_type?.id === 'BLOB' &&
      n.child?.expression_class === 'BOUND_CONSTANT' &&
      value?.type?.id === 'VARCHAR' &&
      value.is_null === false &&
      typeof value.value === 'string' &&
      HEX_TEXT.test(value.value)
    ) {
      // a constant with no place in the SQL has 2^64 - 1, which is no safe integer
      const place = Number(n.child.query_location ?? n.query_location);
      const at = Number.isSafeInteger(place) ? place : undefined;
      if (!first || (at !== undefined && (first.at === undefined || at < first.at)))
        first = { text: value.value, at };
      continue;
    }
    stack.push(...Object.values(node));
  }
  return first;
}
