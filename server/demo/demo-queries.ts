import type { Dialect } from '../../contract/rules/enums.js';
import type { Accounts } from '../auth/accounts.js';
import type { NewQuery, QueriesService } from '../queries/queries-service.js';
import type { Store } from '../store/store.js';

/** The system team that owns the example queries. */
export const DEMO_TEAM = 'demo';

const CHAINS = ['ethereum', 'base', 'arbitrum'];

/** Every chain's transactions with a `chain` column, for queries that pick chains by parameter. */
const ALL_TRANSACTIONS = CHAINS.map(
  (chain) => `  SELECT '${chain}' AS chain, * FROM ${chain}.transactions`,
).join('\n  UNION ALL\n');

/**
 * Public example queries of the `demo` team, written against the demo datasets: in DuneSQL, the
 * hosted service's dialect, where they show it (0x… literals, varbinary functions, addresses
 * compared as bytes), in DuckDB SQL for the rest. Parameters follow the hosted convention:
 * '{{text}}' quoted, {{number}} bare, TIMESTAMP '{{datetime}}', and IN ({{list}}) bare for
 * multiselect lists.
 */
export const DEMO_QUERIES: (NewQuery & { dialect: Dialect })[] = [
  {
    name: 'Daily transactions per chain',
    dialect: 'duckdb',
    description:
      'Transactions, success rate and gas used per day on one chain, from a start date on.',
    tags: ['demo', 'transactions', 'ethereum', 'base', 'arbitrum'],
    query_sql: `-- Daily activity on the chosen chain
WITH txs AS (
${ALL_TRANSACTIONS}
)
SELECT
  block_date AS day,
  count(*) AS transactions,
  round(avg(CASE WHEN success THEN 100.0 ELSE 0.0 END), 2) AS success_rate_pct,
  sum(gas_used) AS gas_used
FROM txs
WHERE chain = '{{chain}}'
  AND block_time >= TIMESTAMP '{{since}}'
GROUP BY 1
ORDER BY 1`,
    parameters: [
      { key: 'chain', type: 'enum', value: 'ethereum', enumOptions: CHAINS },
      { key: 'since', type: 'datetime', value: '2024-01-01 00:00:00' },
    ],
  },
  {
    name: 'Top DEX pairs by volume',
    dialect: 'duckdb',
    description: 'The token pairs with the most USD volume, for one DEX project or all of them.',
    tags: ['demo', 'dex', 'trading'],
    query_sql: `-- Pick a project, or 'all'; any other project name can be typed in
SELECT
  token_pair,
  project,
  count(*) AS trades,
  round(sum(amount_usd), 2) AS volume_usd
FROM dex.trades
WHERE ('{{project}}' = 'all' OR project = '{{project}}')
  AND token_pair IS NOT NULL
GROUP BY token_pair, project
ORDER BY volume_usd DESC NULLS LAST
LIMIT {{limit}}`,
    parameters: [
      {
        key: 'project',
        type: 'enum',
        value: 'all',
        enumOptions: ['all', 'uniswap', 'sushiswap', 'curve', 'balancer', 'aerodrome', 'camelot'],
        isFreeformAllowed: true,
      },
      { key: 'limit', type: 'number', value: '20' },
    ],
  },
  {
    name: 'Token price history',
    dialect: 'duckdb',
    description: 'Daily average, low and high USD price of a token symbol on each chain.',
    tags: ['demo', 'prices', 'tokens'],
    query_sql: `SELECT
  date_trunc('day', minute) AS day,
  blockchain,
  avg(price) AS avg_price_usd,
  min(price) AS low_usd,
  max(price) AS high_usd
FROM prices.usd
WHERE upper(symbol) = upper('{{symbol}}')
GROUP BY 1, 2
ORDER BY 1, 2`,
    parameters: [
      {
        key: 'symbol',
        type: 'text',
        value: 'WETH',
        description: 'Token symbol, e.g. WETH or USDC',
      },
    ],
  },
  {
    name: 'Ethereum gas used by block',
    dialect: 'duckdb',
    description:
      'Gas used, block utilization and base fee of every Ethereum block in the last N days of data.',
    tags: ['demo', 'gas', 'ethereum'],
    query_sql: `-- The window ends at the newest block in the dataset
WITH latest AS (SELECT max(time) AS t FROM ethereum.blocks)
SELECT
  b.number,
  b.time,
  b.gas_used,
  round(100.0 * b.gas_used / nullif(b.gas_limit, 0), 2) AS utilization_pct,
  b.base_fee_per_gas / 1e9 AS base_fee_gwei,
  b.tx_count
FROM ethereum.blocks b, latest
WHERE b.time > latest.t - to_days(CAST({{days}} AS INTEGER))
ORDER BY b.number`,
    parameters: [{ key: 'days', type: 'number', value: '7', description: 'Window in days' }],
  },
  {
    name: 'Fees and senders across chains',
    dialect: 'dunesql',
    description:
      'Transactions, distinct senders, fees at the price paid, EIP-1559 tip caps and value moved on the chains you pick.',
    tags: ['demo', 'transactions', 'multichain'],
    query_sql: `-- DuneSQL: fees at the effective gas price; tip caps of EIP-1559 transactions
WITH txs AS (
${ALL_TRANSACTIONS}
)
SELECT
  chain,
  count(*) AS transactions,
  count(DISTINCT "from") AS senders,
  sum(CAST(gas_used AS DOUBLE) * effective_gas_price) / 1e18 AS fees_native,
  avg(max_priority_fee_per_gas) / 1e9 AS avg_tip_cap_gwei,
  sum(CAST(value AS DOUBLE)) / 1e18 AS value_native
FROM txs
WHERE chain IN ({{chains}})
GROUP BY chain
ORDER BY transactions DESC`,
    parameters: [
      {
        key: 'chains',
        type: 'enum',
        value: 'ethereum',
        values: CHAINS,
        enumOptions: CHAINS,
        isMultiselect: true,
      },
    ],
  },
  {
    name: 'Largest transfers of a token',
    dialect: 'dunesql',
    description: 'The biggest ERC-20 transfers on Ethereum of the token with the given symbol.',
    tags: ['demo', 'tokens', 'transfers', 'ethereum'],
    query_sql: `-- DuneSQL: addresses and hashes are varbinary, compared and shown as 0x… bytes
SELECT
  t.evt_block_time AS time,
  tok.symbol,
  t."from",
  t."to",
  CAST(t.value AS DOUBLE) / power(10, tok.decimals) AS amount,
  t.evt_tx_hash AS tx_hash
FROM erc20_ethereum.evt_Transfer t
JOIN tokens.erc20 tok
  ON tok.blockchain = 'ethereum' AND tok.contract_address = t.contract_address
WHERE upper(tok.symbol) = upper('{{symbol}}')
ORDER BY t.value DESC
LIMIT {{limit}}`,
    parameters: [
      { key: 'symbol', type: 'text', value: 'USDC' },
      { key: 'limit', type: 'number', value: '25' },
    ],
  },
  {
    name: 'Uniswap v3 swaps per day',
    dialect: 'duckdb',
    description: 'Daily swap count, active pools and recipients of Uniswap v3 on Ethereum.',
    tags: ['demo', 'dex', 'uniswap', 'ethereum'],
    query_sql: `SELECT
  date_trunc('day', evt_block_time) AS day,
  count(*) AS swaps,
  count(DISTINCT contract_address) AS pools,
  count(DISTINCT recipient) AS recipients
FROM uniswap_v3_ethereum.evt_Swap
WHERE evt_block_time >= TIMESTAMP '{{since}}'
GROUP BY 1
ORDER BY 1`,
    parameters: [{ key: 'since', type: 'datetime', value: '2024-01-01 00:00:00' }],
  },
  {
    name: 'Token transfers from raw logs',
    dialect: 'dunesql',
    description:
      'ERC-20 transfers of a token decoded by hand from ethereum.logs: topic0 picks the event, topics and data hold its arguments.',
    tags: ['demo', 'logs', 'tokens', 'ethereum'],
    query_sql: `-- DuneSQL: topic0 is the Keccak-256 hash of Transfer(address,address,uint256);
-- topic1 and topic2 hold the addresses (the last 20 of 32 bytes), data the raw amount
SELECT
  l.block_time,
  tok.symbol,
  varbinary_substring(l.topic1, 13, 20) AS sender,
  varbinary_substring(l.topic2, 13, 20) AS recipient,
  CAST(varbinary_to_uint256(l.data) AS DOUBLE) / power(10, tok.decimals) AS amount,
  l.tx_hash
FROM ethereum.logs l
JOIN tokens.erc20 tok
  ON tok.blockchain = 'ethereum' AND tok.contract_address = l.contract_address
WHERE l.topic0 = 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef
  AND upper(tok.symbol) = upper('{{symbol}}')
ORDER BY l.block_time DESC
LIMIT {{limit}}`,
    parameters: [
      { key: 'symbol', type: 'text', value: 'USDC' },
      { key: 'limit', type: 'number', value: '50' },
    ],
  },
];

/** What making the demo team's queries uses. */
export type DemoQueriesDeps = {
  store: Pick<Store, 'transaction'>;
  accounts: Pick<Accounts, 'byHandle' | 'createTeam'>;
  queries: Pick<QueriesService, 'list' | 'create' | 'update'>;
};

/**
 * Makes sure the `demo` team exists (a system team without an owner) and owns the example
 * queries as DEMO_QUERIES writes them: one missing (by name) is created; one whose SQL or
 * dialect differ, as in a data folder seeded by earlier code for earlier demo data, gets them
 * (and the parameters, description and tags) as a new version. A restart never duplicates
 * them; an account `demo` that is a user is left alone.
 */
export async function ensureDemoQueries(deps: DemoQueriesDeps): Promise<void> {
  const team =
    (await deps.accounts.byHandle(DEMO_TEAM)) ??
    (await deps.accounts.createTeam(DEMO_TEAM, null, 'Demo'));
  if (team.type !== 'team') return;
  const system = { contextId: team.id, userId: null };
  const { queries } = await deps.queries.list(team.id, { limit: 1000, offset: 0 });
  const byName = new Map(queries.map((q) => [q.name, q]));
  await deps.store.transaction(async () => {
    for (const q of DEMO_QUERIES) {
      const have = byName.get(q.name);
      if (!have) await deps.queries.create(system, q);
      else if (have.query_sql !== q.query_sql || have.dialect !== q.dialect)
        await deps.queries.update(have.id, system, {
          query_sql: q.query_sql,
          dialect: q.dialect,
          parameters: q.parameters,
          description: q.description,
          tags: q.tags,
        });
    }
  });
}
