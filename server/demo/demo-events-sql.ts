import { quoteLiteral as lit } from '../engine/duck.js';
import { TOPIC } from './demo-abi.js';
import {
  chainTokens,
  swapDraws,
  swapFields,
  transferCall,
  uniswapRouter,
} from './demo-calls-sql.js';
import type { ChainSpec } from './demo-data-ref.js';
import type { Sizes } from './demo-data-sql.js';
import { abi, bin, u, word } from './demo-sql-kit.js';

/**
 * The events of one chain's successful transactions, derived from their keys as their calldata
 * was (demo-calls-sql.ts): each ERC-20 `transfer` call emits a Transfer; each swap through the
 * Uniswap router emits a Transfer of the input to the pool, a Transfer of the output to the
 * sender and the pool's Swap. Amounts out and pool state follow the hour's prices (prices.usd).
 * Log indexes: 4 × the transaction's index, + 1 and + 2 for a swap's second transfer and Swap.
 */

/** Where a chain's event tables read from: its transactions' and prices.usd's snapshots. */
export type EventSources = { c: ChainSpec; sz: Sizes; txGlob: string; pricesGlob: string };

/**
 * CTEs over one chain: `px` (its hourly prices), `tx` (its successful transactions to a token or
 * the Uniswap router), `xfer` (direct transfers: recipient, amount) and `sw` (swaps: pool, tokens,
 * amounts in and out, pool price, tick and liquidity after the swap).
 */
export function eventsCte({ c, sz, txGlob, pricesGlob }: EventSources): string {
  const t = chainTokens(c);
  const router = bin(uniswapRouter(c));
  const call = transferCall(c, 'block_number', '"index"', 'tk', sz.eoas);
  const k = (salt: string) => u('block_number', '"index"', lit(`swap:${salt}`));
  const tokens = t.toks.map((x) => bin(x.address)).join(', ');
  return `px AS MATERIALIZED (SELECT contract_address, minute, price FROM read_parquet(${lit(pricesGlob)})
      WHERE blockchain = ${lit(c.name)}),
    tx AS (SELECT block_number, block_time, block_date, block_hash, hash, "from", "to", "index"
      FROM read_parquet(${lit(txGlob)}) WHERE success AND ("to" = ${router} OR "to" IN (${tokens}))),
    xfer AS (SELECT *, ${call.recipient} AS recipient, ${call.amount} AS amount
      FROM (SELECT *, list_position(${t.address}, "to") AS tk FROM tx WHERE "to" <> ${router})),
    sw0 AS (SELECT *, ${swapFields(c)}
      FROM (SELECT *, ${swapDraws(c, 'block_number', '"index"')} FROM tx WHERE "to" = ${router})),
    sw1 AS (SELECT s.*, CAST(round(CAST(amount_in AS DOUBLE) / pow(10, dec_in) * pi.price * 0.997
          / po.price * pow(10, dec_out)) AS DECIMAL(38,0)) AS amount_out,
        CASE WHEN zero_for_one THEN pi.price / po.price ELSE po.price / pi.price END
          * pow(10, dec1 - dec0) AS raw_price
      FROM sw0 s
      JOIN px pi ON pi.contract_address = token_in AND pi.minute = date_trunc('hour', block_time)
      JOIN px po ON po.contract_address = token_out AND po.minute = date_trunc('hour', block_time)),
    sw AS MATERIALIZED (SELECT *,
        CASE WHEN zero_for_one THEN amount_in ELSE -amount_out END AS amount0,
        CASE WHEN zero_for_one THEN -amount_out ELSE amount_in END AS amount1,
        CAST(sqrt(raw_price) * pow(2, 96) AS DECIMAL(38,0)) AS sqrt_price,
        CAST(floor(ln(raw_price) / ln(1.0001)) AS INTEGER) AS tick,
        CAST(exp(40 + 6 * ${u('pool', "'liq'")}) * (0.9 + 0.2 * ${k('liq')}) AS DECIMAL(38,0)) AS liquidity
      FROM sw1)`;
}

/**
 * Every ERC-20 Transfer of the chain (after `eventsCte`): contract, transaction, log index,
 * from, to and raw value, with the transaction's sender, recipient and index.
 */
const TRANSFERS = `transfers AS (
    SELECT "to" AS contract_address, block_number, block_time, block_date, block_hash, hash, "index" AS tx_index,
      "from" AS tx_from, "to" AS tx_to, "index" * 4 AS evt_index, "from" AS t_from, recipient AS t_to, amount AS value
    FROM xfer
    UNION ALL SELECT token_in, block_number, block_time, block_date, block_hash, hash, "index",
      "from", "to", "index" * 4, "from", pool, amount_in FROM sw
    UNION ALL SELECT token_out, block_number, block_time, block_date, block_hash, hash, "index",
      "from", "to", "index" * 4 + 1, pool, "from", amount_out FROM sw)`;

/** Decoded ERC-20 Transfer events (the chain's evt_Transfer table). */
export const evtTransferSql = (s: EventSources) => `WITH ${eventsCte(s)}, ${TRANSFERS}
  SELECT contract_address, hash AS evt_tx_hash, CAST(evt_index AS INTEGER) AS evt_index,
    block_time AS evt_block_time, block_number AS evt_block_number, t_from AS "from", t_to AS "to", value
  FROM transfers ORDER BY evt_block_number, evt_index`;

/** Decoded Uniswap v3 Swap events (the chain's evt_Swap table). */
export const evtSwapSql = (s: EventSources) => `WITH ${eventsCte(s)}
  SELECT pool AS contract_address, hash AS evt_tx_hash, CAST("index" * 4 + 2 AS INTEGER) AS evt_index,
    block_time AS evt_block_time, block_number AS evt_block_number, "to" AS sender, "from" AS recipient,
    amount0, amount1, sqrt_price AS sqrtPriceX96, liquidity, tick
  FROM sw ORDER BY evt_block_number, evt_index`;

/** The chain's raw event logs: topics and ABI-encoded data of every Transfer and Swap. */
export const logsSql = (s: EventSources) => `WITH ${eventsCte(s)}, ${TRANSFERS}
  SELECT block_time, block_number, block_hash, contract_address, topic0, topic1, topic2,
    CAST(NULL AS BLOB) AS topic3, data, hash AS tx_hash, CAST(evt_index AS INTEGER) AS "index",
    CAST(tx_index AS INTEGER) AS tx_index, block_date, tx_from, tx_to
  FROM (
    SELECT *, ${abi(TOPIC.transfer)} AS topic0, ${abi(null, word.address('t_from'))} AS topic1,
      ${abi(null, word.address('t_to'))} AS topic2, ${abi(null, word.uint('value'))} AS data
    FROM transfers
    UNION ALL BY NAME SELECT pool AS contract_address, block_number, block_time, block_date, block_hash, hash,
      "index" AS tx_index, "from" AS tx_from, "to" AS tx_to, "index" * 4 + 2 AS evt_index,
      ${abi(TOPIC.swapV3)} AS topic0, ${abi(null, word.address('"to"'))} AS topic1,
      ${abi(null, word.address('"from"'))} AS topic2,
      ${abi(null, word.int('amount0'), word.int('amount1'), word.uint('sqrt_price'), word.uint('liquidity'), word.int('tick'))} AS data
    FROM sw)
  ORDER BY block_number, "index"`;

/**
 * ERC-20 transfers with their token, transaction and USD value (the chain's tokens_<chain>
 * transfers spell). amount_raw is uint256: kept as decimal digits, as the lake keeps wide
 * integers.
 */
export function tokenTransfersSql(s: EventSources): string {
  const t = chainTokens(s.c);
  const symbols = `[${t.toks.map((x) => lit(x.symbol)).join(', ')}]`;
  return `WITH ${eventsCte(s)}, ${TRANSFERS}
  SELECT ${lit(s.c.name)} || '-' || lower(hex(x.hash)) || '-' || x.evt_index AS unique_key,
    ${lit(s.c.name)} AS blockchain, CAST(date_trunc('month', x.block_time) AS DATE) AS block_month,
    x.block_date, x.block_time, x.block_number, x.hash AS tx_hash, CAST(x.evt_index AS BIGINT) AS evt_index,
    CAST(NULL AS BIGINT[]) AS trace_address, 'erc20' AS token_standard, x.tx_from, x.tx_to,
    CAST(x.tx_index AS INTEGER) AS tx_index, x.t_from AS "from", x.t_to AS "to", x.contract_address,
    ${symbols}[tk] AS symbol, CAST(x.value AS VARCHAR) AS amount_raw,
    CAST(x.value AS DOUBLE) / pow(10, ${t.decimals}[tk]) AS amount, px.price AS price_usd,
    CAST(x.value AS DOUBLE) / pow(10, ${t.decimals}[tk]) * px.price AS amount_usd
  FROM (SELECT *, list_position(${t.address}, contract_address) AS tk FROM transfers) x
  LEFT JOIN px ON px.contract_address = x.contract_address AND px.minute = date_trunc('hour', x.block_time)
  ORDER BY x.block_number, x.evt_index`;
}
