import { quoteLiteral as lit } from '../engine/duck.js';
import { SELECTOR } from './demo-abi.js';
import { chainTokens, poolSwapData, transferData, uniswapRouter } from './demo-calls-sql.js';
import { eventsCte, type EventSources } from './demo-events-sql.js';
import { abi, bin, word } from './demo-sql-kit.js';

/**
 * A chain's traces: one top-level call per transaction (its sender, recipient, value, gas,
 * calldata and status; a contract creation is a `create` with the new contract's address and
 * code), and under each successful Uniswap swap the calls it makes, as on-chain: router → pool
 * `swap` [0], pool → output token `transfer` to the sender [0,0], pool → router callback [0,1],
 * router → input token `transferFrom` the sender to the pool [0,1,0].
 */
export function tracesSql(s: EventSources): string {
  const router = bin(uniswapRouter(s.c));
  // a call to a token is an ERC-20 transfer (demo-calls-sql.ts): it returns true
  const tokens = chainTokens(s.c)
    .toks.map((t) => bin(t.address))
    .join(', ');
  const TRUE = abi(null, word.uint('1'));
  const zero = 'CAST(0 AS DECIMAL(38,0))';
  const child = (
    path: number[],
    from: string,
    to: string,
    input: string,
    output: string,
    subs: number,
    gas: [number, number],
  ) => `SELECT block_time, block_number, ${zero} AS value,
      CAST(floor(gas_limit * ${gas[0]}) AS BIGINT) AS gas, CAST(floor(gas_used * ${gas[1]}) AS BIGINT) AS gas_used,
      block_hash, true AS success, "index" AS tx_index, ${subs} AS sub_traces, CAST(NULL AS VARCHAR) AS error,
      true AS tx_success, hash AS tx_hash, ${from} AS "from", ${to} AS "to", [${path.join(', ')}]::BIGINT[] AS trace_address,
      'call' AS type, CAST(NULL AS BLOB) AS address, CAST(NULL AS BLOB) AS code, 'call' AS call_type,
      ${input} AS input, ${output} AS output, CAST(NULL AS BLOB) AS refund_address, block_date
    FROM sw JOIN gas USING (block_number, "index")`;
  const created = `unhex(substr(sha256('create:' || hex(t.hash)), 1, 40))`;
  const runtime = `unhex('6080604052600436106100' || sha256(hex(t.hash) || ':code'))`;
  return `WITH ${eventsCte(s)},
    gas AS (SELECT block_number, "index", gas_limit, gas_used FROM read_parquet(${lit(s.txGlob)}) WHERE "to" = ${router}),
    roots AS (SELECT t.block_time, t.block_number, t.value, t.gas_limit AS gas, t.gas_used, t.block_hash, t.success,
        t."index" AS tx_index, CASE WHEN sw.hash IS NULL THEN 0 ELSE 1 END AS sub_traces,
        CASE WHEN NOT t.success THEN 'execution reverted' END AS error, t.success AS tx_success,
        t.hash AS tx_hash, t."from", t."to", []::BIGINT[] AS trace_address,
        CASE WHEN t."to" IS NULL THEN 'create' ELSE 'call' END AS type,
        CASE WHEN t."to" IS NULL AND t.success THEN ${created} END AS address,
        CASE WHEN t."to" IS NULL AND t.success THEN ${runtime} END AS code,
        CASE WHEN t."to" IS NOT NULL THEN 'call' END AS call_type, t.data AS input,
        CASE WHEN NOT t.success THEN ''::BLOB
          WHEN sw.hash IS NOT NULL THEN ${abi(null, word.uint('sw.amount_out'))}
          WHEN t."to" IN (${tokens}) THEN ${TRUE}
          WHEN t."to" IS NULL THEN ${runtime} ELSE ''::BLOB END AS output,
        CAST(NULL AS BLOB) AS refund_address, t.block_date
      FROM read_parquet(${lit(s.txGlob)}) t LEFT JOIN sw ON sw.block_number = t.block_number AND sw."index" = t."index")
  SELECT * FROM roots
  UNION ALL ${child([0], '"to"', 'pool', poolSwapData('"from"'), abi(null, word.int('amount0'), word.int('amount1')), 2, [0.9, 0.75])}
  UNION ALL ${child([0, 0], 'pool', 'token_out', transferData('"from"', 'amount_out'), TRUE, 0, [0.3, 0.12])}
  UNION ALL ${child([0, 1], 'pool', '"to"', abi(SELECTOR.swapCallback, word.int('amount0'), word.int('amount1'), word.hex('60'), word.hex('0')), "''::BLOB", 1, [0.4, 0.25])}
  UNION ALL ${child([0, 1, 0], '"to"', 'token_in', abi(SELECTOR.transferFrom, word.address('"from"'), word.address('pool'), word.uint('amount_in')), TRUE, 0, [0.35, 0.15])}
  ORDER BY block_number, tx_index, trace_address`;
}
