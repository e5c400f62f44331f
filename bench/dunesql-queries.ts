/**
 * The queries of bench/dunesql.ts: questions an analyst asks of `dex.trades` and
 * `ethereum.transactions` (bench/dunesql-tables.ts), each written in DuneSQL and by hand in
 * DuckDB SQL, between them using the constructs the rewrite handles: address literals,
 * varbinary functions, integer division, unnamed columns, approx_distinct/approx_percentile,
 * least, sequence through UNNEST, day_of_week, uint256.
 */
import type { Dialect } from '../contract/rules/enums.js';
import { ROUTERS, TOKENS, TRANSFER_SELECTOR } from './dunesql-tables.js';

/** One question asked twice: in DuneSQL, and by hand in DuckDB SQL. */
export type Pair = { name: string; approx?: string[] } & Record<Dialect, string>;

const { WETH, USDC, USDT } = TOKENS;
const { uniswapV2, uniswapV3, universal } = ROUTERS;

export const PAIRS: Pair[] = [
  {
    // Address literals, date_trunc, approx_distinct.
    name: 'WETH volume by venue, daily',
    dunesql: `SELECT date_trunc('day', block_time) AS day, project, count(*) AS trades,
  sum(amount_usd) AS volume_usd, approx_distinct(tx_from) AS traders
FROM dex.trades
WHERE blockchain = 'ethereum'
  AND (token_bought_address = 0x${WETH} OR token_sold_address = 0x${WETH})
  AND block_time >= TIMESTAMP '2026-02-01'
GROUP BY 1, 2
ORDER BY 1, 2`,
    duckdb: `SELECT date_trunc('day', block_time) AS day, project, count(*) AS trades,
  sum(amount_usd) AS volume_usd, approx_count_distinct(tx_from) AS traders
FROM dex.trades
WHERE blockchain = 'ethereum'
  AND (token_bought_address = unhex('${WETH}') OR token_sold_address = unhex('${WETH}'))
  AND block_time >= TIMESTAMP '2026-02-01'
GROUP BY 1, 2
ORDER BY 1, 2`,
  },
  {
    // Integer division, an unnamed column (_col2), approx_percentile, least with Trino's NULLs.
    name: 'trade sizes by time of day',
    dunesql: `SELECT hour(block_time) / 6 AS part_of_day, token_bought_symbol, count(*),
  approx_percentile(amount_usd, 0.9) AS p90_usd,
  sum(least(amount_usd, 100000)) / count(*) AS capped_mean_usd
FROM dex.trades
WHERE tx_to IN (0x${uniswapV2}, 0x${uniswapV3}, 0x${universal})
GROUP BY 1, 2
ORDER BY 1, 2`,
    duckdb: `SELECT hour(block_time) // 6 AS part_of_day, token_bought_symbol, count(*) AS _col2,
  approx_quantile(amount_usd, 0.9) AS p90_usd,
  sum(least(amount_usd, 100000)) / count(*) AS capped_mean_usd
FROM dex.trades
WHERE tx_to IN (unhex('${uniswapV2}'), unhex('${uniswapV3}'), unhex('${universal}'))
GROUP BY 1, 2
ORDER BY 1, 2`,
    approx: ['p90_usd'],
  },
  {
    // varbinary_substring and varbinary_length on calldata, integer division of bigints.
    name: 'router calls by selector',
    dunesql: `SELECT varbinary_substring(data, 1, 4) AS selector, count(*) AS calls,
  approx_distinct("from") AS callers,
  sum(gas_used * (gas_price / 1000000000)) AS gas_gwei
FROM ethereum.transactions
WHERE "to" = 0x${uniswapV2} AND success AND varbinary_length(data) >= 4
GROUP BY 1
ORDER BY 2 DESC, 1`,
    duckdb: `SELECT data[1:4] AS selector, count(*) AS calls,
  approx_count_distinct("from") AS callers,
  sum(gas_used * (gas_price // 1000000000)) AS gas_gwei
FROM ethereum.transactions
WHERE "to" = unhex('${uniswapV2}') AND success AND octet_length(data) >= 4
GROUP BY 1
ORDER BY 2 DESC, 1`,
  },
  {
    // A uint256 read from calldata and summed exactly (as BIGNUM, all 32 bytes). The DuckDB
    // equivalent does what the DuneSQL function does for the amounts that occur: it checks the
    // high 16 bytes are zero, reads the low 16 as an unsigned 128-bit integer and sums as
    // BIGNUM (past 2^128 it fails rather than answer wrong; reading the low half alone would be
    // faster and wrong past 2^127).
    name: 'ERC-20 transfers decoded',
    dunesql: `SELECT "to" AS token, count(*) AS transfers,
  sum(varbinary_to_uint256(varbinary_substring(data, 37, 32))) AS amount_raw,
  approx_distinct(varbinary_substring(data, 17, 20)) AS recipients
FROM ethereum.transactions
WHERE varbinary_substring(data, 1, 4) = 0x${TRANSFER_SELECTOR}
GROUP BY 1
ORDER BY 1`,
    duckdb: `SELECT "to" AS token, count(*) AS transfers,
  sum(CAST(CASE WHEN data[37:52] = unhex('${'00'.repeat(16)}')
    THEN CAST(CAST(data[53:68] AS BIT) AS UHUGEINT)
    ELSE error('an amount past 2^128') END AS BIGNUM)) AS amount_raw,
  approx_count_distinct(data[17:36]) AS recipients
FROM ethereum.transactions
WHERE data[1:4] = unhex('${TRANSFER_SELECTOR}')
GROUP BY 1
ORDER BY 1`,
  },
  {
    // sequence through UNNEST for a calendar with no gaps, day_of_week, integer division.
    name: 'stablecoin sellers, every day',
    dunesql: `WITH days AS (
  SELECT day FROM UNNEST(sequence(DATE '2026-01-01', DATE '2026-04-15')) AS t(day)
),
active AS (
  SELECT block_date, count(DISTINCT tx_from) AS sellers, count(*) AS trades
  FROM dex.trades
  WHERE token_sold_address IN (0x${USDC}, 0x${USDT})
  GROUP BY 1
)
SELECT d.day, day_of_week(d.day) AS weekday, coalesce(a.sellers, 0) AS sellers,
  coalesce(a.trades, 0) / 24 AS trades_per_hour
FROM days d LEFT JOIN active a ON a.block_date = d.day
ORDER BY 1`,
    duckdb: `WITH days AS (
  SELECT CAST(unnest(generate_series(DATE '2026-01-01', DATE '2026-04-15', INTERVAL 1 DAY)) AS DATE) AS day
),
active AS (
  SELECT block_date, count(DISTINCT tx_from) AS sellers, count(*) AS trades
  FROM dex.trades
  WHERE token_sold_address IN (unhex('${USDC}'), unhex('${USDT}'))
  GROUP BY 1
)
SELECT d.day, isodow(d.day) AS weekday, coalesce(a.sellers, 0) AS sellers,
  coalesce(a.trades, 0) // 24 AS trades_per_hour
FROM days d LEFT JOIN active a ON a.block_date = d.day
ORDER BY 1`,
  },
];

/** Part 2's query: small, so its time is mostly the instance's set-up. */
export const SMALL: Record<Dialect, string> = {
  dunesql: `SELECT count(*) AS trades FROM dex.trades WHERE tx_to = 0x${uniswapV2} AND block_time < TIMESTAMP '2026-01-01 01:00:00'`,
  duckdb: `SELECT count(*) AS trades FROM dex.trades WHERE tx_to = unhex('${uniswapV2}') AND block_time < TIMESTAMP '2026-01-01 01:00:00'`,
};
