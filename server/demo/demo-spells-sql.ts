import { quoteLiteral as lit } from '../engine/duck.js';
import { CHAINS, DEMO_END } from './demo-data-ref.js';
import { aggregatorsOf, poolsOf, routersOf } from './demo-dex-ref.js';
import { addr, bin } from './demo-sql-kit.js';
import { TOKENS } from './demo-tokens-ref.js';

/**
 * SQL of the demo spells derived from other demo tables or from the reference data alone:
 * dex_aggregator.trades, prices.day and labels.addresses.
 */

/** The aggregators' trades: the DEX trades whose transaction went to an aggregator's router. */
export function aggregatorTradesSql(dexGlob: string): string {
  const rows = CHAINS.flatMap((c) =>
    aggregatorsOf(c).map((a) => `(${bin(a.router)}, ${lit(a.project)}, ${lit(a.version)})`),
  );
  return `SELECT d.blockchain, a.project, a.version, d.block_date, d.block_month, d.block_time,
      d.token_bought_symbol, d.token_sold_symbol, d.token_pair, d.token_bought_amount, d.token_sold_amount,
      d.token_bought_amount_raw, d.token_sold_amount_raw, d.amount_usd, d.token_bought_address,
      d.token_sold_address, d.tx_from AS taker, CAST(NULL AS BLOB) AS maker,
      d.tx_to AS project_contract_address, d.tx_hash, d.tx_from, d.tx_to,
      []::BIGINT[] AS trace_address, d.evt_index
    FROM read_parquet(${lit(dexGlob)}) d
    JOIN (VALUES ${rows.join(', ')}) a(router, project, version) ON a.router = d.tx_to
    ORDER BY d.block_time, d.blockchain, d.evt_index`;
}

/** Daily prices: each token's last hourly price of each day. */
export const pricesDaySql = (pricesGlob: string) => `SELECT
    date_trunc('day', minute) AS "timestamp", CAST(year(minute) AS INTEGER) AS year,
    CAST(month(minute) AS INTEGER) AS month, blockchain, contract_address, symbol, decimals,
    arg_max(price, minute) AS price
  FROM read_parquet(${lit(pricesGlob)})
  GROUP BY ALL ORDER BY blockchain, symbol, "timestamp"`;

type Label = {
  chain: string;
  address: string;
  name: string;
  category: string;
  model: string;
  type: 'identifier' | 'usage' | 'persona';
};

/** Block builders and sequencers: the fee recipients of the demo blocks. */
const FEE_RECIPIENTS: Omit<Label, 'category' | 'model' | 'type'>[] = [
  { chain: 'ethereum', address: '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5', name: 'beaverbuild' },
  {
    chain: 'ethereum',
    address: '0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97',
    name: 'Titan Builder',
  },
  {
    chain: 'ethereum',
    address: '0x1f9090aae28b8a3dceadf281b0f12828e676c326',
    name: 'rsync-builder',
  },
  ...CHAINS.flatMap((c) =>
    c.miner ? [{ chain: c.name, address: c.miner, name: `${c.name} sequencer fee recipient` }] : [],
  ),
];

/** The labelled contracts of the reference data: tokens, pools, routers, fee recipients. */
function contractLabels(): Label[] {
  const labels: Label[] = [];
  for (const t of TOKENS)
    labels.push({
      chain: t.chain,
      address: t.address,
      name: `${t.name} (${t.symbol})`,
      category: 'contracts',
      model: 'contracts',
      type: 'identifier',
    });
  for (const c of CHAINS) {
    for (const p of poolsOf(c))
      labels.push({
        chain: c.name,
        address: p.address,
        name: `${p.project} v${p.version}: ${p.token0.symbol}-${p.token1.symbol} pool`,
        category: 'dex',
        model: 'dex_pools',
        type: 'identifier',
      });
    const projects = [...new Set(c.projects.map((p) => p[0]))];
    routersOf(c).forEach((router, i) =>
      labels.push({
        chain: c.name,
        address: router,
        name: `${projects[i]} router`,
        category: 'dex',
        model: 'dex_routers',
        type: 'identifier',
      }),
    );
    for (const a of aggregatorsOf(c))
      labels.push({
        chain: c.name,
        address: a.router,
        name: `${a.project} aggregation router`,
        category: 'dex',
        model: 'dex_aggregator_routers',
        type: 'identifier',
      });
  }
  for (const f of FEE_RECIPIENTS)
    labels.push({ ...f, category: 'infrastructure', model: 'block_producers', type: 'identifier' });
  return labels;
}

/** How many of the most active senders are labelled as exchange hot wallets on each chain. */
const HOT_WALLETS = 12;

/**
 * Address labels: the reference data's contracts, and on each chain the most active senders
 * (the lowest ranks of the demo's sender distribution) as exchange hot wallets.
 */
export function labelsSql(): string {
  const at = `TIMESTAMP '${DEMO_END}' - INTERVAL 400 DAY`;
  const rows = contractLabels().map(
    (l) =>
      `(${lit(l.chain)}, ${bin(l.address)}, ${lit(l.name)}, ${lit(l.category)}, ${lit(l.model)}, ${lit(l.type)})`,
  );
  return `SELECT blockchain, address, name, category, 'strata' AS contributor, 'static' AS source,
      ${at} AS created_at, ${at} AS updated_at, model_name, label_type
    FROM (VALUES ${rows.join(', ')}) l(blockchain, address, name, category, model_name, label_type)
    UNION ALL
    SELECT c.name, ${addr('r.range', 'eoa')}, 'exchange hot wallet ' || r.range, 'cex', 'strata', 'query',
      ${at}, ${at}, 'cex_hot_wallets', 'identifier'
    FROM (VALUES ${CHAINS.map((c) => `(${lit(c.name)})`).join(', ')}) c(name), range(1, ${HOT_WALLETS + 1}) r
    ORDER BY blockchain, model_name, name`;
}
