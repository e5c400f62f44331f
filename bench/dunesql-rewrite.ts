/**
 * npm run bench: what the DuneSQL rewrite (shared/sql/dunesql/rewrite.ts) costs a run. A
 * 200-line DuneSQL query of the kind dashboards hold (CTEs, address literals, casts to uint256,
 * Trino types, catalog functions, lambdas, unnamed columns) is rewritten many times; prints the
 * median. Goal: under 1 ms.
 */
import { rewriteDuneSql } from '../shared/sql/dunesql/rewrite.js';

const RUNS = Number(process.env.BENCH_REWRITE_RUNS ?? 2000);

/** One block of about 50 lines; the query chains four of them. */
const block = (n: number, from: string) => `
  swaps_${n} AS (
    SELECT
      date_trunc('day', block_time) AS day,
      tx_from AS trader,
      token_bought_address,
      CAST(token_bought_amount_raw AS uint256) AS bought_raw,
      CAST(token_sold_amount_raw AS uint256) AS sold_raw,
      amount_usd,
      -- the pool and router addresses of this venue
      CASE
        WHEN project_contract_address = 0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640 THEN 'pool a'
        WHEN project_contract_address = 0x8ad599c3a0ff1de082011efddc58f1908eb6e6d8 THEN 'pool b'
        WHEN tx_to = 0xe592427a0aece92de3edee1f18e0157c05861564 THEN 'router'
        ELSE 'other'
      END AS venue,
      greatest(amount_usd, 0),
      least(amount_usd, 1e9) AS capped
    FROM ${from}
    WHERE block_time >= now() - INTERVAL '30' DAY
      AND blockchain = 'ethereum'
      AND token_bought_address IN (
        0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2,
        0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48,
        0xdac17f958d2ee523a2206206994597c13d831ec7
      )
  ),
  daily_${n} AS (
    SELECT
      day,
      venue,
      count(*) AS trades,
      count(DISTINCT trader),
      sum(amount_usd) AS volume,
      approx_percentile(amount_usd, 0.5) AS median_trade,
      sum(bought_raw) AS bought_total,
      array_agg(DISTINCT trader) AS traders,
      reduce(array_agg(amount_usd), 0, (s, x) -> s + coalesce(x, 0), s -> s) AS volume_again
    FROM swaps_${n}
    GROUP BY 1, 2
  ),
  ranked_${n} AS (
    SELECT
      d.*,
      rank() OVER (PARTITION BY day ORDER BY volume DESC) AS venue_rank,
      cardinality(filter(traders, t -> t <> 0x0000000000000000000000000000000000000000)),
      CAST(volume AS varchar(12)) AS volume_text,
      CAST(NULL AS array(row(day date, amount double))) AS nothing,
      varbinary_to_uint256(varbinary_substring(0x0000000000000000000000000000000000000000000000000000000000000001, 1, 32)),
      date_add('day', 1, day) AS next_day
    FROM daily_${n} d
  ),`;

const SQL = `-- 30 days of swaps by venue, four ways
WITH
${block(1, 'dex.trades')}
${block(2, 'dex.trades')}
${block(3, 'dex_aggregator.trades')}
${block(4, 'dex.trades')}
  together AS (
    SELECT day, venue, volume, 1 FROM ranked_1
    UNION ALL SELECT day, venue, volume, 2 FROM ranked_2
    UNION ALL SELECT day, venue, volume, 3 FROM ranked_3
    UNION ALL SELECT day, venue, volume, 4 FROM ranked_4
  )
SELECT day, venue, sum(volume), count(*) AS ways, to
FROM together
CROSS JOIN UNNEST(ARRAY[ROW(1, 'a'), ROW(2, 'b')]) AS t(n, to)
GROUP BY 1, 2, 5
ORDER BY 1 DESC, 3 DESC
LIMIT 1000`;

const lines = SQL.split('\n').length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (let i = 0; i < 200; i++) rewriteDuneSql(SQL); // warm up the JIT
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  rewriteDuneSql(SQL);
  times.push(performance.now() - start);
}
const cost = median(times);
console.log(
  `DuneSQL rewrite of a ${lines}-line query: median ${cost.toFixed(3)} ms over ${RUNS} runs (goal < 1 ms ${cost < 1 ? 'met' : 'NOT met'})`,
);
