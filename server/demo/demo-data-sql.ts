import { quoteLiteral as lit } from '../engine/duck.js';
import { OTHER_CALLS, SELECTOR, type ArgKind } from './demo-abi.js';
import {
  chainTokens,
  exactInputSingleData,
  swapDraws,
  swapFields,
  transferCall,
  transferData,
  uniswapRouter,
} from './demo-calls-sql.js';
import { PRICE_HOURS, derivedAddress, type ChainSpec } from './demo-data-ref.js';
import { aggregatorsOf, poolsOf, routersOf, weightedSlots, type Pool } from './demo-dex-ref.js';
import {
  END,
  MAX_INTENSITY,
  YEAR_S,
  abi,
  addr,
  bin,
  hash32,
  intensity,
  pick,
  u,
  word,
  z,
  zipf,
} from './demo-sql-kit.js';
import { ASSETS, MARKET_VOL, TOKENS } from './demo-tokens-ref.js';

/**
 * SQL (DuckDB) that generates the demo tables of blocks, transactions, tokens, prices and DEX
 * trades (demo-events-sql.ts, demo-traces-sql.ts and demo-spells-sql.ts derive the others).
 * Every value comes from hash() of row keys and fixed anchors (demo-sql-kit.ts), so a given
 * scale always yields the same data.
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
  return `SELECT number, time, ${hash32(lit(c.name + ':block'), 'number')} AS block_hash,
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
  return `SELECT number, time, CAST(time AS DATE) AS date, block_hash AS hash,
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

/** Token numbers (1-based, chainTokens order) of a chain, each repeated by how often it is traded. */
function tokenSlots(c: ChainSpec): string[] {
  const toks = chainTokens(c).toks;
  const w = toks.map(
    (t) => 1 + c.pairs.reduce((s, p) => s + (p[0] === t.symbol || p[1] === t.symbol ? p[2] : 0), 0),
  );
  return weightedSlots(w, 100).map((ix) => String(ix + 1));
}

/** The calldata of a call to another contract: one of OTHER_CALLS, with drawn arguments. */
function otherCallData(c: ChainSpec, k: (salt: string) => string): string {
  const arg = (kind: ArgKind, n: number) =>
    kind === 'address'
      ? `lpad(substr(sha256(${lit(`${c.name}:arg${n}:`)} || number || ':' || i), 1, 40), 64, '0')`
      : kind === 'bool'
        ? word.bool(`${k(`arg${n}`)} < 0.8`)
        : word.uint(`floor(${k(`arg${n}`)} * 1e21)`);
  const cases = OTHER_CALLS.map(
    (call, ix) => `WHEN ${ix + 1} THEN ${abi(call.selector, ...call.args.map(arg))}`,
  );
  return `CASE oc ${cases.join(' ')} END`;
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
  const routerList = routersOf(c);
  const routers = `[${routerList.map(bin).join(', ')}]`;
  const routerSlots = weightedSlots(
    c.name === 'ethereum'
      ? routerList.map((r) => (r === uniswapRouter(c) ? 7 : 0.75))
      : routerList.map(() => 1),
    100,
  ).map((ix) => String(ix + 1));
  const uni = routerList.indexOf(uniswapRouter(c)) + 1;
  const toks = chainTokens(c);
  const xfer = transferCall(c, 'number', 'ix', 'tk', sz.eoas);
  const tip = `floor(${tipFloor} + pow(${k('tip')}, 3) * ${tipSpread})`;
  // other routers: a Uniswap v2 style swap of two of the chain's tokens
  const v2amount = `CAST(round(exp(ln(800) + 1.5 * ${z('number', 'i', lit(c.name + ':v2'))}) / ${toks.price}[ta] * pow(10, ${toks.decimals}[ta])) AS DECIMAL(38,0))`;
  const v2swap = abi(
    SELECTOR.swapExactTokensForTokens,
    word.uint(v2amount),
    word.uint('0'),
    word.hex('a0'),
    word.address('sender'),
    word.uint('epoch(time) + 1200'),
    word.hex('2'),
    word.address(`${toks.address}[ta]`),
    word.address(`${toks.address}[tb]`),
  );
  const init = `unhex('608060405234801561001057600080fd5b50' || sha256(${lit(c.name + ':init:')} || number || ':' || i) || sha256(${lit(c.name + ':init2:')} || number || ':' || i))`;
  return `SELECT number AS block_number, time AS block_time, CAST(time AS DATE) AS block_date, block_hash,
      ${hash32(lit(c.name + ':tx'), 'number', 'i')} AS hash,
      sender AS "from",
      CASE cat WHEN 'transfer' THEN ${addr(zipf(k('to'), sz.eoas, 0.6), 'eoa')}
        WHEN 'erc20' THEN ${toks.address}[tk]
        WHEN 'swap' THEN ${routers}[rt]
        WHEN 'contract' THEN ${addr(zipf(k('to'), sz.contracts, 0.9), 'contract:' + c.name)}
        ELSE NULL END AS "to",
      CASE cat WHEN 'transfer' THEN ${eth(c.name === 'ethereum' ? 0.05 : 0.01, 1.8)}
        WHEN 'swap' THEN CASE WHEN ${k('v')} < 0.35 THEN ${eth(0.3, 1.5)} ELSE ${zero} END
        WHEN 'contract' THEN CASE WHEN ${k('v')} < 0.1 THEN ${eth(0.02, 1.5)} ELSE ${zero} END
        ELSE ${zero} END AS value,
      CAST(CASE WHEN cat = 'transfer' THEN 21000 ELSE round(gas_full * (1.15 + 0.5 * ${k('gl')})) END AS BIGINT) AS gas_limit,
      CAST(CASE WHEN failed THEN floor(gas_full * (0.2 + 0.6 * ${k('gf')})) ELSE gas_full END AS BIGINT) AS gas_used,
      CAST(CASE WHEN type = 'DynamicFee' THEN base_fee + ${tip}
        ELSE floor(base_fee * (1.05 + 0.6 * ${k('tip')})) + ${tipFloor} END AS BIGINT) AS gas_price,
      CAST(CASE WHEN type = 'DynamicFee' THEN floor(base_fee * (1.2 + 1.3 * ${k('mf')})) + ${tip} END AS BIGINT) AS max_fee_per_gas,
      CAST(CASE WHEN type = 'DynamicFee' THEN ${tip} END AS BIGINT) AS max_priority_fee_per_gas,
      CAST(CASE WHEN type = 'DynamicFee' THEN base_fee + ${tip}
        ELSE floor(base_fee * (1.05 + 0.6 * ${k('tip')})) + ${tipFloor} END AS BIGINT) AS effective_gas_price,
      CAST(floor(${share} * (${lifetime} + (number - ${c.head - sz.blocks}) * ${c.txPerBlock})) AS BIGINT) AS nonce,
      ix AS "index", NOT failed AS success, type,
      CASE cat WHEN 'transfer' THEN ''::BLOB
        WHEN 'erc20' THEN ${transferData(xfer.recipient, xfer.amount)}
        WHEN 'swap' THEN CASE WHEN rt = ${uni} THEN ${exactInputSingleData('sender', 'time')} ELSE ${v2swap} END
        WHEN 'contract' THEN ${otherCallData(c, k)}
        ELSE ${init} END AS data
    FROM (SELECT *, ${swapFields(c)}
      FROM (SELECT *, ${swapDraws(c, 'number', 'ix', `rt = ${uni}`)}
        FROM (SELECT *, ${addr('rank', 'eoa')} AS sender,
            CASE WHEN uc < ${sw} THEN 'swap' WHEN uc < ${er} THEN 'erc20' WHEN uc < ${co} THEN 'contract'
              WHEN uc < ${cr} THEN 'create' ELSE 'transfer' END AS cat,
            uc < ${cr} AND ${k('fail')} < ${c.failRate / cr} AS failed,
            CASE WHEN uc < ${sw} THEN 110000 + floor(ug * ug * 200000) WHEN uc < ${er} THEN 34000 + floor(ug * 30000)
              WHEN uc < ${co} THEN 30000 + floor(ug * ug * ug * 600000) WHEN uc < ${cr} THEN 300000 + floor(ug * 2500000)
              ELSE 21000 END AS gas_full,
            CASE WHEN uc < ${sw} THEN ${pick(routerSlots, k('to'))} END AS rt,
            CASE WHEN uc >= ${sw} AND uc < ${er} THEN ${pick(tokenSlots(c), k('to'))} END AS tk,
            CASE WHEN uc < ${sw} THEN ${pick(tokenSlots(c), k('sa'))} END AS ta,
            CASE WHEN uc < ${sw} THEN ${pick(tokenSlots(c), k('sb'))} END AS tb,
            CASE WHEN uc >= ${er} AND uc < ${co} THEN 1 + CAST(floor(${k('call')} * ${OTHER_CALLS.length}) AS INTEGER) END AS oc
          FROM (SELECT *, CAST(i AS INTEGER) AS ix, ${k('cat')} AS uc, ${k('g')} AS ug, ${zipf(k('from'), sz.eoas, s)} AS rank,
              CASE WHEN ${k('type')} < ${types[0]} THEN 'DynamicFee' WHEN ${k('type')} < ${types[1]} THEN 'Legacy' ELSE 'AccessList' END AS type
            FROM (SELECT number, time, base_fee, block_hash, unnest(range(tx_count)) AS i FROM (${blockBase(c, sz)}))))))`;
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
        `(${ix}, ${lit(p.project)}, ${lit(p.version)}, ${bin(p.address)}, ${bin(p.token0.address)}, ${lit(p.token0.symbol)}, ${p.token0.decimals}, ${bin(p.token1.address)}, ${lit(p.token1.symbol)}, ${p.token1.decimals}, ${p.token0.asset === 'USD' && p.token1.asset === 'USD'}, ${bin(derivedAddress(`router:${p.chain}:${p.project}`))})`,
    )
    .join(', ');
const POOL_COLS =
  'pid, project, version, pool, addr0, sym0, dec0, addr1, sym1, dec1, stable, router';

/** Share of a chain's DEX trades that an aggregator routed (its router is the transaction's `to`). */
const AGGREGATED = 0.2;

/** One chain's DEX trades over the year before DEMO_END, busier by day, week and trend. */
export function dexTradesSql(c: ChainSpec, sz: Sizes, pricesGlob: string): string {
  const k = (salt: string) => u('i', lit(`${c.name}:dex:${salt}`));
  const pools = poolsOf(c);
  const span = Math.round(YEAR_S / c.interval);
  const accept = MAX_INTENSITY * 1.35;
  const n = Math.max(1, Math.round(c.trades * sz.scale * accept));
  const trend = `(0.65 + 0.7 * (1 - (epoch(${END}) - epoch(block_time)) / ${YEAR_S}.0))`;
  const slots = weightedSlots(pools.map((p) => p.weight)).map(String);
  const aggs = aggregatorsOf(c);
  const aggRouter = pick(
    weightedSlots(aggs.map((a) => a.weight)).map((ix) => bin(aggs[ix]!.router)),
    k('aggr'),
  );
  return `WITH px AS MATERIALIZED (SELECT contract_address, minute, price FROM read_parquet(${lit(pricesGlob)})
      WHERE blockchain = ${lit(c.name)}),
    cand AS (SELECT i, ${c.head} - (${span - 1} - CAST(floor((i + ${k('off')}) * ${span / n}) AS BIGINT)) AS block_number
      FROM (SELECT range AS i FROM range(${n}))),
    tr AS (SELECT *, ${k('dir')} < 0.5 AS buy0,
        least(2e7, exp(CASE WHEN stable THEN ln(800) ELSE ln(300) END + 1.9 * ${z('i', lit(c.name + ':usd'))})) AS usd,
        ${addr(zipf(k('taker'), sz.eoas, 0.8), 'eoa')} AS trader,
        CASE WHEN ${k('agg')} < ${AGGREGATED} THEN ${aggRouter} END AS aggregator
      FROM (SELECT i, block_number, ${blockTime(c, 'block_number')} AS block_time,
          ${pick(slots, k('pool'))} AS pid FROM cand)
      JOIN (VALUES ${poolValues(pools)}) p(${POOL_COLS}) USING (pid)
      WHERE ${k('acc')} < ${intensity('block_time')} * ${trend} / ${accept}),
    raw AS (SELECT tr.*, CASE WHEN buy0 THEN dec0 ELSE dec1 END AS dec_b, CASE WHEN buy0 THEN dec1 ELSE dec0 END AS dec_s,
        ps.price AS price_s,
        CAST(round(usd * (1 - CASE WHEN stable THEN 0.0004 ELSE 0.003 END - 0.002 * ${k('slip')}) / pb.price
          * pow(10, CASE WHEN buy0 THEN dec0 ELSE dec1 END)) AS DECIMAL(38,0)) AS raw_b,
        CAST(round(usd / ps.price * pow(10, CASE WHEN buy0 THEN dec1 ELSE dec0 END)) AS DECIMAL(38,0)) AS raw_s
      FROM tr
      JOIN px pb ON pb.contract_address = CASE WHEN buy0 THEN addr0 ELSE addr1 END AND pb.minute = date_trunc('hour', block_time)
      JOIN px ps ON ps.contract_address = CASE WHEN buy0 THEN addr1 ELSE addr0 END AND ps.minute = date_trunc('hour', block_time))
    SELECT ${lit(c.name)} AS blockchain, project, version, CAST(date_trunc('month', block_time) AS DATE) AS block_month,
      CAST(block_time AS DATE) AS block_date, block_time, block_number,
      CASE WHEN buy0 THEN sym0 ELSE sym1 END AS token_bought_symbol,
      CASE WHEN buy0 THEN sym1 ELSE sym0 END AS token_sold_symbol,
      CASE WHEN sym0 < sym1 THEN sym0 || '-' || sym1 ELSE sym1 || '-' || sym0 END AS token_pair,
      CAST(raw_b AS DOUBLE) / pow(10, dec_b) AS token_bought_amount,
      CAST(raw_s AS DOUBLE) / pow(10, dec_s) AS token_sold_amount,
      CAST(raw_b AS VARCHAR) AS token_bought_amount_raw, CAST(raw_s AS VARCHAR) AS token_sold_amount_raw,
      CAST(raw_s AS DOUBLE) / pow(10, dec_s) * price_s AS amount_usd,
      CASE WHEN buy0 THEN addr0 ELSE addr1 END AS token_bought_address,
      CASE WHEN buy0 THEN addr1 ELSE addr0 END AS token_sold_address,
      coalesce(aggregator, trader) AS taker, CAST(NULL AS BLOB) AS maker,
      pool AS project_contract_address, ${hash32(lit(c.name + ':dex'), 'i')} AS tx_hash,
      trader AS tx_from, coalesce(aggregator, router) AS tx_to,
      CAST(floor(${k('evt')} * 250) AS INTEGER) AS evt_index
    FROM raw
    ORDER BY block_number, i`;
}
