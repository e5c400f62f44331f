import { quoteLiteral as lit } from '../engine/duck.js';
import { CHAINS, PRICE_HOURS, type ChainSpec } from './demo-data-ref.js';
import { UNISWAP_ROUTER, poolsOf, routersOf, weightedSlots, type Pool } from './demo-dex-ref.js';
import {
  END,
  MAX_INTENSITY,
  YEAR_S,
  addr,
  bin,
  hash32,
  intensity,
  pick,
  u,
  z,
  zipf,
} from './demo-sql-kit.js';
import { ASSETS, MARKET_VOL, TOKENS } from './demo-tokens-ref.js';

/**
 * SQL (DuckDB) that generates each demo table. Every value comes from hash() of row keys and
 * fixed anchors (demo-sql-kit.ts), so a given scale always yields the same data.
 */

export type Sizes = { blocks: number; eoas: number; contracts: number; scale: number };
export const sizes = (scale: number): Sizes => ({
  scale,
  blocks: Math.max(100, Math.round(100_000 * scale)),
  eoas: Math.max(2000, Math.round(300_000 * scale)),
  contracts: Math.max(300, Math.round(20_000 * scale)),
});

const blockTime = (c: ChainSpec, n: string) =>
  c.interval >= 1
    ? `(${END} - to_seconds((${c.head} - ${n}) * ${c.interval}))`
    : `(${END} - to_seconds((${c.head} - ${n}) // ${Math.round(1 / c.interval)}))`;

/** Per-block basics shared by the blocks and transactions queries. */
function blockBase(c: ChainSpec, sz: Sizes): string {
  const k = (salt: string) => u('number', lit(`${c.name}:${salt}`));
  const wave = `exp(0.35 * sin(2 * pi() * epoch(time) / 285120.0) + 0.25 * sin(2 * pi() * epoch(time) / 61344.0 + 1.3) + 0.12 * ${z('number', lit(c.name + ':bf'))})`;
  const feeFloor = c.name === 'arbitrum' ? c.baseFee : c.baseFee / 10;
  return `SELECT number, time,
      CAST(floor(${c.txPerBlock} * ${intensity('time')} * (0.4 + 1.2 * ${k('txc')}) + ${k('txr')}) AS INTEGER) AS tx_count,
      CAST(greatest(${feeFloor}, round(${c.baseFee} * pow(${intensity('time')}, 1.6) * ${wave})) AS BIGINT) AS base_fee
    FROM (SELECT range AS number, ${blockTime(c, 'range')} AS time FROM range(${c.head - sz.blocks + 1}, ${c.head + 1}))`;
}

export function blocksSql(c: ChainSpec, sz: Sizes, txGlob: string): string {
  const k = (salt: string) => u('number', lit(`${c.name}:${salt}`));
  const builders = [
    '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5',
    '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5',
    '0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97',
    '0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97',
    '0x1f9090aae28b8a3dceadf281b0f12828e676c326',
  ].map(bin);
  const miner = c.miner
    ? bin(c.miner)
    : `CASE WHEN ${k('m')} < 0.8 THEN ${pick(builders, k('b'))} ELSE ${addr(zipf(k('b'), 400, 0.5), 'builder')} END`;
  return `SELECT number, time, CAST(time AS DATE) AS date,
      ${hash32(lit(c.name + ':block'), 'number')} AS hash,
      ${hash32(lit(c.name + ':block'), '(number - 1)')} AS parent_hash,
      ${miner} AS miner,
      CAST(${c.gasLimit} AS BIGINT) AS gas_limit,
      CAST(coalesce(g.gas_used, 0) AS BIGINT) AS gas_used,
      base_fee AS base_fee_per_gas, tx_count,
      CAST(520 + tx_count * 170 + floor(${k('size')} * tx_count * 150) AS BIGINT) AS size
    FROM (${blockBase(c, sz)}) b
    LEFT JOIN (SELECT block_number, sum(gas_used) AS gas_used FROM read_parquet(${lit(txGlob)}) GROUP BY ALL) g
      ON g.block_number = b.number
    ORDER BY number`;
}

/** Token addresses of a chain, each repeated by how often it is traded. */
function tokenSlots(c: ChainSpec): string[] {
  const toks = TOKENS.filter((t) => t.chain === c.name);
  const w = toks.map(
    (t) => 1 + c.pairs.reduce((s, p) => s + (p[0] === t.symbol || p[1] === t.symbol ? p[2] : 0), 0),
  );
  return weightedSlots(w, 100).map((ix) => bin(toks[ix]!.address));
}

export function transactionsSql(c: ChainSpec, sz: Sizes): string {
  const k = (salt: string) => u('number', 'i', lit(`${c.name}:${salt}`));
  const m = c.mix;
  const [sw, er, co, cr] = [
    m.swap,
    m.swap + m.erc20,
    m.swap + m.erc20 + m.contract,
    m.swap + m.erc20 + m.contract + m.create,
  ];
  const s = 0.8;
  const share = `(${1 - s} * pow(rank, ${-s}) / ${Math.pow(sz.eoas, 1 - s) - 1})`;
  const lifetime = ((3 * YEAR_S) / c.interval) * c.txPerBlock;
  const eth = (median: number, sigma: number) =>
    `CAST(round(${median} * exp(${sigma} * ${z('number', 'i', lit(c.name + ':val'))}) * 1e9) AS DECIMAL(38,0)) * 1000000000`;
  const zero = 'CAST(0 AS DECIMAL(38,0))';
  const [tipFloor, tipSpread] = c.tip;
  const types = c.name === 'arbitrum' ? [0.7, 1] : [0.88, 0.985];
  const routers = weightedSlots(
    c.name === 'ethereum'
      ? routersOf(c).map((r) => (r === UNISWAP_ROUTER ? 7 : 0.75))
      : routersOf(c).map(() => 1),
    100,
  ).map((ix) => bin(routersOf(c)[ix]!));
  return `SELECT number AS block_number, time AS block_time, CAST(time AS DATE) AS block_date,
      ${hash32(lit(c.name + ':tx'), 'number', 'i')} AS hash,
      ${addr('rank', 'eoa')} AS "from",
      CASE cat WHEN 'transfer' THEN ${addr(zipf(k('to'), sz.eoas, 0.6), 'eoa')}
        WHEN 'erc20' THEN ${pick(tokenSlots(c), k('to'))}
        WHEN 'swap' THEN ${pick(routers, k('to'))}
        WHEN 'contract' THEN ${addr(zipf(k('to'), sz.contracts, 0.9), 'contract:' + c.name)}
        ELSE NULL END AS "to",
      CASE cat WHEN 'transfer' THEN ${eth(c.name === 'ethereum' ? 0.05 : 0.01, 1.8)}
        WHEN 'swap' THEN CASE WHEN ${k('v')} < 0.35 THEN ${eth(0.3, 1.5)} ELSE ${zero} END
        WHEN 'contract' THEN CASE WHEN ${k('v')} < 0.1 THEN ${eth(0.02, 1.5)} ELSE ${zero} END
        ELSE ${zero} END AS value,
      CAST(CASE WHEN cat = 'transfer' THEN 21000 ELSE round(gas_full * (1.15 + 0.5 * ${k('gl')})) END AS BIGINT) AS gas_limit,
      CAST(CASE WHEN failed THEN floor(gas_full * (0.2 + 0.6 * ${k('gf')})) ELSE gas_full END AS BIGINT) AS gas_used,
      CAST(CASE WHEN type = 'DynamicFee' THEN base_fee + floor(${tipFloor} + pow(${k('tip')}, 3) * ${tipSpread})
        ELSE floor(base_fee * (1.05 + 0.6 * ${k('tip')})) + ${tipFloor} END AS BIGINT) AS gas_price,
      CAST(floor(${share} * (${lifetime} + (number - ${c.head - sz.blocks}) * ${c.txPerBlock})) AS BIGINT) AS nonce,
      CAST(i AS INTEGER) AS "index", NOT failed AS success, type
    FROM (SELECT *,
        CASE WHEN uc < ${sw} THEN 'swap' WHEN uc < ${er} THEN 'erc20' WHEN uc < ${co} THEN 'contract'
          WHEN uc < ${cr} THEN 'create' ELSE 'transfer' END AS cat,
        uc < ${cr} AND ${k('fail')} < ${c.failRate / cr} AS failed,
        CASE WHEN uc < ${sw} THEN 110000 + floor(ug * ug * 200000) WHEN uc < ${er} THEN 34000 + floor(ug * 30000)
          WHEN uc < ${co} THEN 30000 + floor(ug * ug * ug * 600000) WHEN uc < ${cr} THEN 300000 + floor(ug * 2500000)
          ELSE 21000 END AS gas_full
      FROM (SELECT *, ${k('cat')} AS uc, ${k('g')} AS ug, ${zipf(k('from'), sz.eoas, s)} AS rank,
          CASE WHEN ${k('type')} < ${types[0]} THEN 'DynamicFee' WHEN ${k('type')} < ${types[1]} THEN 'Legacy' ELSE 'AccessList' END AS type
        FROM (SELECT number, time, base_fee, unnest(range(tx_count)) AS i FROM (${blockBase(c, sz)}))))`;
}

export function tokensSql(): string {
  const rows = TOKENS.map(
    (t) => `(${lit(t.chain)}, ${bin(t.address)}, ${lit(t.symbol)}, ${lit(t.name)}, ${t.decimals})`,
  );
  return `SELECT blockchain, contract_address, symbol, name, CAST(decimals AS INTEGER) AS decimals
    FROM (VALUES ${rows.join(', ')}) t(blockchain, contract_address, symbol, name, decimals)
    ORDER BY blockchain, symbol`;
}

/**
 * Hourly prices: a market factor plus an idiosyncratic walk per asset (exact integer steps,
 * pinned at both ends to the asset's level), times the token's ratio and a few bps of noise.
 */
export function pricesSql(): string {
  const hourly = (annual: number) => annual / Math.sqrt(PRICE_HOURS);
  const assets = [`('_mkt', ${hourly(MARKET_VOL)}, 0, 1)`].concat(
    ASSETS.map((a) => `(${lit(a.id)}, ${hourly(a.vol)}, ${a.beta}, ${a.level})`),
  );
  const toks = TOKENS.map(
    (t) =>
      `(${lit(t.chain)}, ${bin(t.address)}, ${lit(t.symbol)}, ${t.decimals}, ${lit(t.asset)}, ${t.ratio})`,
  );
  return `WITH a(asset, vol_h, beta, level) AS (VALUES ${assets.join(', ')}),
    steps AS (SELECT asset, h, CAST(round(vol_h * 1e9 * ${z('asset', 'h', "'price'")}) AS BIGINT) AS step
      FROM a, (SELECT range AS h FROM range(${PRICE_HOURS}))),
    walk AS (SELECT asset, h, (sum(step) OVER (PARTITION BY asset ORDER BY h) * ${PRICE_HOURS}
        - sum(step) OVER (PARTITION BY asset) * (h + 1)) / ${PRICE_HOURS * 1e9} AS cum FROM steps),
    lp AS (SELECT w.asset, w.h, a.level, a.beta * m.cum + w.cum AS logp
      FROM walk w JOIN a USING (asset) JOIN walk m ON m.asset = '_mkt' AND m.h = w.h WHERE w.asset <> '_mkt'),
    t(blockchain, contract_address, symbol, decimals, asset, ratio) AS (VALUES ${toks.join(', ')})
    SELECT t.blockchain, t.contract_address, t.symbol, CAST(t.decimals AS INTEGER) AS decimals,
      date_trunc('hour', ${END}) - to_hours(${PRICE_HOURS - 1} - lp.h) AS minute,
      lp.level * t.ratio * exp(lp.logp) * (1 + 0.0004 * ${z('t.contract_address', 'lp.h', "'px'")}) AS price
    FROM t JOIN lp USING (asset) ORDER BY blockchain, symbol, minute`;
}

const poolValues = (pools: Pool[]) =>
  pools
    .map(
      (p, ix) =>
        `(${ix}, ${lit(p.project)}, ${lit(p.version)}, ${bin(p.address)}, ${bin(p.token0.address)}, ${lit(p.token0.symbol)}, ${p.token0.decimals}, ${bin(p.token1.address)}, ${lit(p.token1.symbol)}, ${p.token1.decimals}, ${p.token0.asset === 'USD' && p.token1.asset === 'USD'})`,
    )
    .join(', ');
const POOL_COLS = 'pid, project, version, pool, addr0, sym0, dec0, addr1, sym1, dec1, stable';
const pricesOf = (glob: string, chain: string) =>
  `(SELECT contract_address, minute, price FROM read_parquet(${lit(glob)}) WHERE blockchain = ${lit(chain)})`;

/** One chain's DEX trades over the year before DEMO_END, busier by day, week and trend. */
export function dexTradesSql(c: ChainSpec, sz: Sizes, pricesGlob: string): string {
  const k = (salt: string) => u('i', lit(`${c.name}:dex:${salt}`));
  const pools = poolsOf(c);
  const span = Math.round(YEAR_S / c.interval);
  const accept = MAX_INTENSITY * 1.35;
  const n = Math.max(1, Math.round(c.trades * sz.scale * accept));
  const trend = `(0.65 + 0.7 * (1 - (epoch(${END}) - epoch(block_time)) / ${YEAR_S}.0))`;
  const slots = weightedSlots(pools.map((p) => p.weight)).map(String);
  return `WITH px AS MATERIALIZED ${pricesOf(pricesGlob, c.name)},
    cand AS (SELECT i, ${c.head} - (${span - 1} - CAST(floor((i + ${k('off')}) * ${span / n}) AS BIGINT)) AS block_number
      FROM (SELECT range AS i FROM range(${n}))),
    tr AS (SELECT *, ${k('dir')} < 0.5 AS buy0,
        least(2e7, exp(CASE WHEN stable THEN ln(800) ELSE ln(300) END + 1.9 * ${z('i', lit(c.name + ':usd'))})) AS usd
      FROM (SELECT i, block_number, ${blockTime(c, 'block_number')} AS block_time,
          ${pick(slots, k('pool'))} AS pid FROM cand)
      JOIN (VALUES ${poolValues(pools)}) p(${POOL_COLS}) USING (pid)
      WHERE ${k('acc')} < ${intensity('block_time')} * ${trend} / ${accept})
    SELECT ${lit(c.name)} AS blockchain, project, version, CAST(block_time AS DATE) AS block_date, block_time, block_number,
      CASE WHEN buy0 THEN sym0 ELSE sym1 END AS token_bought_symbol,
      CASE WHEN buy0 THEN sym1 ELSE sym0 END AS token_sold_symbol,
      CASE WHEN sym0 < sym1 THEN sym0 || '-' || sym1 ELSE sym1 || '-' || sym0 END AS token_pair,
      usd * (1 - CASE WHEN stable THEN 0.0004 ELSE 0.003 END - 0.002 * ${k('slip')}) / pb.price AS token_bought_amount,
      usd / ps.price AS token_sold_amount, usd AS amount_usd,
      CASE WHEN buy0 THEN addr0 ELSE addr1 END AS token_bought_address,
      CASE WHEN buy0 THEN addr1 ELSE addr0 END AS token_sold_address,
      ${addr(zipf(k('taker'), sz.eoas, 0.8), 'eoa')} AS taker, CAST(NULL AS BLOB) AS maker,
      pool AS project_contract_address, ${hash32(lit(c.name + ':dex'), 'i')} AS tx_hash,
      CAST(floor(${k('evt')} * 250) AS INTEGER) AS evt_index
    FROM tr
    JOIN px pb ON pb.contract_address = CASE WHEN buy0 THEN addr0 ELSE addr1 END AND pb.minute = date_trunc('hour', block_time)
    JOIN px ps ON ps.contract_address = CASE WHEN buy0 THEN addr1 ELSE addr0 END AND ps.minute = date_trunc('hour', block_time)
    ORDER BY block_number, i`;
}

/** Ethereum swap transactions through the Uniswap router, as Uniswap v3 swaps with amounts. */
function swapsCte(txGlob: string, pricesGlob: string): string {
  const eth = CHAINS[0]!;
  const pools = poolsOf(eth).filter((p) => p.project === 'uniswap' && p.version === '3');
  const k = (salt: string) => u('block_number', '"index"', lit(`swap:${salt}`));
  const slots = weightedSlots(pools.map((p) => p.weight)).map(String);
  const raw = `(p0.price / p1.price) * pow(10, dec1 - dec0)`;
  return `px AS MATERIALIZED ${pricesOf(pricesGlob, 'ethereum')},
    sw AS (SELECT s.*, p0.price AS price0, p1.price AS price1, sqrt(${raw}) * pow(2, 96) AS sqrt_price,
        CAST(floor(ln(${raw}) / ln(1.0001)) AS INTEGER) AS tick
      FROM (SELECT block_number, block_time, hash, "from", "to", "index", p.*, ${k('dir')} < 0.5 AS zero_for_one,
          least(2e7, exp(ln(1500) + 1.8 * ${z('block_number', '"index"', "'swap:usd'")})) AS usd,
          exp(40 + 6 * ${u('pool', "'liq'")}) * (0.9 + 0.2 * ${k('liq')}) AS liquidity
        FROM (SELECT *, ${pick(slots, k('pool'))} AS pid FROM read_parquet(${lit(txGlob)})
          WHERE success AND "to" = ${bin(UNISWAP_ROUTER)})
        JOIN (VALUES ${poolValues(pools)}) p(${POOL_COLS}) USING (pid)) s
      JOIN px p0 ON p0.contract_address = addr0 AND p0.minute = date_trunc('hour', block_time)
      JOIN px p1 ON p1.contract_address = addr1 AND p1.minute = date_trunc('hour', block_time)),
    sw2 AS MATERIALIZED (SELECT *,
        CASE WHEN zero_for_one THEN usd / price0 ELSE -usd * 0.997 / price0 END * pow(10, dec0) AS amount0,
        CASE WHEN zero_for_one THEN -usd * 0.997 / price1 ELSE usd / price1 END * pow(10, dec1) AS amount1
      FROM sw)`;
}

export function swapsSql(txGlob: string, pricesGlob: string): string {
  return `WITH ${swapsCte(txGlob, pricesGlob)}
    SELECT pool AS contract_address, hash AS evt_tx_hash, CAST("index" * 4 + 2 AS INTEGER) AS evt_index,
      block_time AS evt_block_time, block_number AS evt_block_number, "to" AS sender, "from" AS recipient,
      CAST(amount0 AS DECIMAL(38,0)) AS amount0, CAST(amount1 AS DECIMAL(38,0)) AS amount1,
      CAST(sqrt_price AS DECIMAL(38,0)) AS sqrtPriceX96, CAST(liquidity AS DECIMAL(38,0)) AS liquidity, tick
    FROM sw2 ORDER BY evt_block_number, evt_index`;
}

/** ERC20 Transfer events: direct token transfers plus the two legs of every Uniswap swap. */
export function transfersSql(txGlob: string, pricesGlob: string, sz: Sizes): string {
  const toks = TOKENS.filter((t) => t.chain === 'ethereum');
  const k = (salt: string) => u('block_number', '"index"', lit(`xfer:${salt}`));
  return `WITH ${swapsCte(txGlob, pricesGlob)},
    direct AS (SELECT x."to" AS contract_address, hash, CAST("index" * 4 AS INTEGER) AS evt_index, block_time, block_number,
        "from" AS sender, ${addr(zipf(k('to'), sz.eoas, 0.6), 'eoa')} AS receiver,
        least(5e6, exp(ln(400) + 1.9 * ${z('block_number', '"index"', "'xfer:usd'")})) / px.price * pow(10, tdec) AS amount
      FROM read_parquet(${lit(txGlob)}) x
      JOIN (VALUES ${toks.map((t) => `(${bin(t.address)}, ${t.decimals})`).join(', ')}) tk(address, tdec) ON tk.address = x."to"
      JOIN px ON px.contract_address = x."to" AND px.minute = date_trunc('hour', block_time)
      WHERE success),
    legs AS (SELECT CASE WHEN zero_for_one THEN addr0 ELSE addr1 END AS contract_address, hash,
        CAST("index" * 4 AS INTEGER) AS evt_index, block_time, block_number, "from" AS sender, pool AS receiver,
        CASE WHEN zero_for_one THEN amount0 ELSE amount1 END AS amount FROM sw2
      UNION ALL SELECT CASE WHEN zero_for_one THEN addr1 ELSE addr0 END, hash, CAST("index" * 4 + 1 AS INTEGER), block_time,
        block_number, pool, "from", CASE WHEN zero_for_one THEN amount1 ELSE amount0 END FROM sw2)
    SELECT contract_address, hash AS evt_tx_hash, evt_index, block_time AS evt_block_time, block_number AS evt_block_number,
      sender AS "from", receiver AS "to", CAST(abs(amount) AS DECIMAL(38,0)) AS value
    FROM (SELECT * FROM direct UNION ALL SELECT * FROM legs) ORDER BY evt_block_number, evt_index`;
}
