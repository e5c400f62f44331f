import { CHAINS, type ChainSpec } from './demo-data-ref.js';
import { poolsOf } from './demo-dex-ref.js';
import { TOKENS } from './demo-tokens-ref.js';
import {
  blocksSql,
  dexTradesSql,
  pricesSql,
  tokensSql,
  transactionsSql,
  type Sizes,
} from './demo-data-sql.js';
import {
  evtSwapSql,
  evtTransferSql,
  logsSql,
  tokenTransfersSql,
  type EventSources,
} from './demo-events-sql.js';
import { aggregatorTradesSql, labelsSql, pricesDaySql } from './demo-spells-sql.js';
import { tracesSql } from './demo-traces-sql.js';

/**
 * Synthetic on-chain demo datasets, with the hosted service's table and column names and types:
 * each table and the SQL that fills it, generated once by DuckDB into the lake (ensureDemoData,
 * demo-seed.ts). Generation is deterministic (same scale, same bytes) and per table, so an
 * interrupted start resumes. Addresses, hashes, topics and calldata are varbinary (BLOB);
 * 256-bit amounts (`*_raw`) are uint256, kept as decimal digits as the lake keeps wide integers.
 */

/**
 * The generation of the demo tables this code writes, kept in each table's metadata
 * (`demo_version`). Bump it when a table's SQL, columns or files change: a data folder whose demo
 * tables are of another generation regenerates them on its next start. Generation 1 (no
 * `demo_version`) had text addresses; 2 had varbinary ones, the hosted columns of transactions
 * and DEX trades, and logs, traces, aggregator trades, labels, daily prices and token transfers;
 * 3 writes its files without Parquet Bloom filters, which DuckDB misreads for varbinary columns
 * (lake/parquet-write.ts).
 */
export const DEMO_DATA_VERSION = 3;

/** What a table's SQL is written with: the sizes of the scale, and where earlier tables are. */
export type DemoContext = { sz: Sizes; glob: (schema: string, table: string) => string };

type DemoTable = {
  schema: string;
  table: string;
  datasetType: 'dune_table' | 'decoded_table' | 'spell';
  category: 'canonical' | 'decoded' | 'spell';
  description: string;
  blockchains: string[];
  metadata: Record<string, unknown>;
  columns: Record<string, string>;
  /** Catalog types of columns stored as another type (uint256 as decimal digits). */
  columnTypes?: Record<string, string>;
  /** One Parquet file per entry: file name and the SELECT that fills it. */
  files: (ctx: DemoContext) => { name: string; sql: string }[];
};

const BLOCK_COLUMNS = {
  number: 'Block number (height)',
  time: 'Block timestamp (UTC)',
  date: 'Block date (UTC), for partition pruning',
  hash: 'Block hash (varbinary, 32 bytes)',
  parent_hash: 'Hash of the previous block',
  miner: 'Fee recipient: block builder or sequencer address',
  gas_limit: 'Maximum gas allowed in the block',
  gas_used: 'Total gas used by the transactions in the block',
  base_fee_per_gas: 'EIP-1559 base fee per gas, in wei',
  tx_count: 'Number of transactions in the block',
  size: 'Block size in bytes',
};

const TX_COLUMNS = {
  block_number: 'Number of the block containing the transaction',
  block_time: 'Timestamp of the block containing the transaction (UTC)',
  block_date: 'Date of the block (UTC), for partition pruning',
  block_hash: 'Hash of the block containing the transaction',
  hash: 'Transaction hash (varbinary, 32 bytes)',
  from: 'Sender address (varbinary, 20 bytes)',
  to: 'Recipient address; NULL for contract creation',
  value: 'Native token (ETH) transferred, in wei',
  gas_limit: 'Gas limit set by the sender',
  gas_used: 'Gas consumed by the transaction',
  gas_price: 'Gas price paid, in wei (base fee plus priority fee for DynamicFee ones)',
  max_fee_per_gas: 'EIP-1559 cap on the total fee per gas, in wei; NULL for other types',
  max_priority_fee_per_gas: 'EIP-1559 cap on the tip per gas, in wei; NULL for other types',
  effective_gas_price: 'Gas price the transaction actually paid, in wei',
  nonce: 'Sender nonce (transactions sent before this one)',
  index: 'Position of the transaction in its block',
  success: 'Whether the transaction succeeded (false = reverted)',
  type: 'Transaction type: DynamicFee (EIP-1559), Legacy or AccessList',
  data: 'Calldata: 4-byte function selector and ABI-encoded arguments; empty for plain transfers, init code for contract creation',
};

const LOG_COLUMNS = {
  block_time: 'Timestamp of the block (UTC)',
  block_number: 'Number of the block',
  block_hash: 'Hash of the block',
  contract_address: 'Contract that emitted the event',
  topic0: 'Keccak-256 hash of the event signature, e.g. 0xddf252ad… for ERC-20 Transfer',
  topic1: 'First indexed event argument (32 bytes; an address is left-padded with zeros)',
  topic2: 'Second indexed event argument',
  topic3: 'Third indexed event argument; NULL when the event has fewer',
  data: 'Non-indexed event arguments, ABI-encoded (32 bytes each)',
  tx_hash: 'Hash of the transaction that emitted the event',
  index: 'Position of the log in its block',
  tx_index: 'Position of the transaction in its block',
  block_date: 'Date of the block (UTC), for partition pruning',
  tx_from: 'Sender of the transaction',
  tx_to: 'Recipient of the transaction',
};

/** Columns of dex.trades and dex_aggregator.trades (the latter has no block_number). */
const TRADE_COLUMNS = {
  blockchain: 'Blockchain of the trade',
  project: 'DEX project name',
  version: 'Version of the DEX project',
  block_month: 'First day of the month of the trade (UTC), for partition pruning',
  block_date: 'Date of the trade (UTC)',
  block_time: 'Timestamp of the trade block (UTC)',
  block_number: 'Block number of the trade',
  token_bought_symbol: 'Symbol of the token the taker bought',
  token_sold_symbol: 'Symbol of the token the taker sold',
  token_pair: 'Pair symbols in alphabetical order, e.g. USDC-WETH',
  token_bought_amount: 'Amount bought, in display units (decimals applied)',
  token_sold_amount: 'Amount sold, in display units (decimals applied)',
  token_bought_amount_raw: 'Raw amount bought (uint256, before decimals)',
  token_sold_amount_raw: 'Raw amount sold (uint256, before decimals)',
  amount_usd: 'USD value of the trade',
  token_bought_address: 'Contract address of the token bought',
  token_sold_address: 'Contract address of the token sold',
  taker: "Address that swapped with the pool: the aggregator's router for aggregated trades",
  maker: 'Counterparty address; NULL for AMM pools',
  project_contract_address: 'Pool contract address the trade went through',
  tx_hash: 'Hash of the transaction containing the trade',
  tx_from: 'Sender of the transaction (the trader)',
  tx_to: "Recipient of the transaction: the DEX's or the aggregator's router",
  evt_index: 'Index of the swap event in its block',
};
const RAW_AMOUNTS = { token_bought_amount_raw: 'uint256', token_sold_amount_raw: 'uint256' };

const chainNames = CHAINS.map((c) => c.name);
const ETH_TOKENS = TOKENS.filter((t) => t.chain === 'ethereum').map((t) => t.address);
const UNI_V3_POOLS = poolsOf(CHAINS[0]!)
  .filter((p) => p.project === 'uniswap' && p.version === '3')
  .map((p) => p.address);
const RANK: Record<string, number> = { ethereum: 0.9, base: 0.75, arbitrum: 0.7 };
const ETHEREUM = CHAINS[0]!;

/** Where a chain's event tables read from (demo-events-sql.ts). */
const events = (c: ChainSpec, { sz, glob }: DemoContext): EventSources => ({
  c,
  sz,
  txGlob: glob(c.name, 'transactions'),
  pricesGlob: glob('prices', 'usd'),
});

/** In dependency order: a table's SQL reads only tables listed before it. */
export const DEMO_TABLES: DemoTable[] = [
  ...CHAINS.flatMap((c): DemoTable[] => [
    {
      schema: c.name,
      table: 'transactions',
      datasetType: 'dune_table',
      category: 'canonical',
      description: `Transactions on ${c.name}: sender, recipient, value, gas, fees, calldata and status, one row per transaction. Synthetic demo data.`,
      blockchains: [c.name],
      metadata: { page_rank_score: RANK[c.name]! },
      columns: TX_COLUMNS,
      files: ({ sz }) => [{ name: 'data', sql: transactionsSql(c, sz) }],
    },
    {
      schema: c.name,
      table: 'blocks',
      datasetType: 'dune_table',
      category: 'canonical',
      description: `Blocks on ${c.name} (one every ${c.interval} s): height, time, hash, gas and base fee. Synthetic demo data.`,
      blockchains: [c.name],
      metadata: { page_rank_score: RANK[c.name]! * 0.8 },
      columns: BLOCK_COLUMNS,
      // gas_used sums the block's transactions, so transactions come first
      files: ({ sz, glob }) => [
        { name: 'data', sql: blocksSql(c, sz, glob(c.name, 'transactions')) },
      ],
    },
  ]),
  {
    schema: 'tokens',
    table: 'erc20',
    datasetType: 'spell',
    category: 'spell',
    description:
      'ERC20 token metadata per blockchain: contract address, symbol, name and decimals.',
    blockchains: chainNames,
    metadata: { page_rank_score: 0.88, spell_type: 'sector' },
    columns: {
      blockchain: 'Blockchain the token contract lives on',
      contract_address: 'Token contract address',
      symbol: 'Token symbol',
      name: 'Token name',
      decimals: 'Number of decimals of the raw token amount',
    },
    files: () => [{ name: 'data', sql: tokensSql() }],
  },
  {
    schema: 'prices',
    table: 'usd',
    datasetType: 'spell',
    category: 'spell',
    description:
      'Hourly USD prices of ERC20 tokens per blockchain over the last year (synthetic random walks around real levels).',
    blockchains: chainNames,
    metadata: { page_rank_score: 0.92, spell_type: 'sector' },
    columns: {
      blockchain: 'Blockchain of the token',
      contract_address: 'Token contract address',
      symbol: 'Token symbol',
      decimals: 'Token decimals',
      minute: 'Start of the price interval (UTC; hourly points)',
      price: 'Price of one token in USD',
    },
    files: () => [{ name: 'data', sql: pricesSql() }],
  },
  {
    schema: 'prices',
    table: 'day',
    datasetType: 'spell',
    category: 'spell',
    description:
      'Daily USD prices of ERC20 tokens per blockchain: the last hourly price of each day.',
    blockchains: chainNames,
    metadata: { page_rank_score: 0.84, spell_type: 'sector' },
    columns: {
      timestamp: 'Day of the price (UTC midnight)',
      year: 'Year of the day',
      month: 'Month of the day (1-12)',
      blockchain: 'Blockchain of the token',
      contract_address: 'Token contract address',
      symbol: 'Token symbol',
      decimals: 'Token decimals',
      price: 'Price of one token in USD at the end of the day',
    },
    files: ({ glob }) => [{ name: 'data', sql: pricesDaySql(glob('prices', 'usd')) }],
  },
  ...CHAINS.map((c): DemoTable => ({
    schema: c.name,
    table: 'logs',
    datasetType: 'dune_table',
    category: 'canonical',
    description: `Event logs on ${c.name}: emitting contract, topics and data of every ERC20 Transfer and Uniswap v3 Swap. Synthetic demo data.`,
    blockchains: [c.name],
    metadata: { page_rank_score: RANK[c.name]! * 0.95 },
    columns: LOG_COLUMNS,
    files: (ctx) => [{ name: 'data', sql: logsSql(events(c, ctx)) }],
  })),
  {
    schema: 'ethereum',
    table: 'traces',
    datasetType: 'dune_table',
    category: 'canonical',
    description:
      'Call traces on ethereum: the top-level call or contract creation of each transaction, and the internal calls of Uniswap v3 swaps (router, pool, token transfers). Synthetic demo data.',
    blockchains: ['ethereum'],
    metadata: { page_rank_score: 0.75 },
    columns: {
      block_time: 'Timestamp of the block (UTC)',
      block_number: 'Number of the block',
      value: 'Native token (ETH) sent with the call, in wei',
      gas: 'Gas made available to the call',
      gas_used: 'Gas the call used, its sub-calls included',
      block_hash: 'Hash of the block',
      success: 'Whether the call succeeded',
      tx_index: 'Position of the transaction in its block',
      sub_traces: 'Number of calls this call made',
      error: 'Why the call failed; NULL when it succeeded',
      tx_success: 'Whether the whole transaction succeeded',
      tx_hash: 'Hash of the transaction',
      from: 'Caller address',
      to: 'Called address; NULL for a contract creation',
      trace_address:
        'Path of the call in the call tree: [] the top-level call, [0, 1] the second call of the first',
      type: 'call or create',
      address: 'Address of the contract a create made',
      code: 'Code of the contract a create made',
      call_type: 'Kind of call (call); NULL for a create',
      input: 'Calldata of the call, or the init code of a create',
      output: 'Data the call returned',
      refund_address: 'Beneficiary of a self-destruct; NULL here',
      block_date: 'Date of the block (UTC), for partition pruning',
    },
    files: (ctx) => [{ name: 'data', sql: tracesSql(events(ETHEREUM, ctx)) }],
  },
  {
    schema: 'dex',
    table: 'trades',
    datasetType: 'spell',
    category: 'spell',
    description:
      'DEX trades across projects (uniswap, sushiswap, curve, balancer, aerodrome, camelot) and chains, one row per swap with USD value.',
    blockchains: chainNames,
    metadata: { page_rank_score: 0.97, spell_type: 'sector' },
    columns: TRADE_COLUMNS,
    columnTypes: RAW_AMOUNTS,
    files: ({ sz, glob }) =>
      CHAINS.map((c) => ({ name: c.name, sql: dexTradesSql(c, sz, glob('prices', 'usd')) })),
  },
  {
    schema: 'dex_aggregator',
    table: 'trades',
    datasetType: 'spell',
    category: 'spell',
    description:
      'DEX aggregator trades (1inch, 0x, CoW Protocol, Paraswap, Odos) across chains: the swaps an aggregator routed, one row per swap with USD value.',
    blockchains: chainNames,
    metadata: { page_rank_score: 0.86, spell_type: 'sector' },
    columns: {
      ...Object.fromEntries(Object.entries(TRADE_COLUMNS).filter(([k]) => k !== 'block_number')),
      project: 'Aggregator project name',
      version: 'Version of the aggregator',
      taker: 'Trader who sent the swap to the aggregator',
      project_contract_address: "The aggregator's router contract",
      trace_address: 'Path of the call in the transaction that made the swap; [] at the top',
    },
    columnTypes: RAW_AMOUNTS,
    files: ({ glob }) => [{ name: 'data', sql: aggregatorTradesSql(glob('dex', 'trades')) }],
  },
  {
    schema: 'erc20_ethereum',
    table: 'evt_Transfer',
    datasetType: 'decoded_table',
    category: 'decoded',
    description: 'Decoded ERC20 Transfer events on ethereum, one row per event log.',
    blockchains: ['ethereum'],
    metadata: {
      page_rank_score: 0.8,
      project_name: 'erc20',
      contract_name: 'ERC20',
      abi_type: 'event',
      contract_addresses: ETH_TOKENS,
    },
    columns: {
      contract_address: 'Token contract that emitted the event',
      evt_tx_hash: 'Hash of the transaction that emitted the event',
      evt_index: 'Log index of the event in its block',
      evt_block_time: 'Block timestamp (UTC)',
      evt_block_number: 'Block number',
      from: 'Sender of the tokens',
      to: 'Recipient of the tokens',
      value: 'Raw token amount (divide by 10^decimals)',
    },
    files: (ctx) => [{ name: 'data', sql: evtTransferSql(events(ETHEREUM, ctx)) }],
  },
  {
    schema: 'uniswap_v3_ethereum',
    table: 'evt_Swap',
    datasetType: 'decoded_table',
    category: 'decoded',
    description: 'Decoded Swap events of Uniswap v3 pools on ethereum, one row per event log.',
    blockchains: ['ethereum'],
    metadata: {
      page_rank_score: 0.7,
      project_name: 'uniswap_v3',
      contract_name: 'UniswapV3Pool',
      abi_type: 'event',
      contract_addresses: UNI_V3_POOLS,
    },
    columns: {
      contract_address: 'Pool contract that emitted the event',
      evt_tx_hash: 'Hash of the transaction that emitted the event',
      evt_index: 'Log index of the event in its block',
      evt_block_time: 'Block timestamp (UTC)',
      evt_block_number: 'Block number',
      sender: 'Address that called the pool (the router)',
      recipient: 'Address that received the output tokens',
      amount0: 'Raw token0 delta of the pool (positive = paid in)',
      amount1: 'Raw token1 delta of the pool (positive = paid in)',
      sqrtPriceX96: 'Pool sqrt(price) after the swap, Q64.96 fixed point',
      liquidity: 'Pool in-range liquidity after the swap',
      tick: 'Pool tick after the swap',
    },
    files: (ctx) => [{ name: 'data', sql: evtSwapSql(events(ETHEREUM, ctx)) }],
  },
  {
    schema: 'tokens_ethereum',
    table: 'transfers',
    datasetType: 'spell',
    category: 'spell',
    description:
      'ERC20 token transfers on ethereum with token symbol, amount in display units and USD value, one row per Transfer event.',
    blockchains: ['ethereum'],
    metadata: { page_rank_score: 0.82, spell_type: 'sector' },
    columns: {
      unique_key: 'Key of the transfer: blockchain, transaction hash and log index',
      blockchain: 'Blockchain of the transfer',
      block_month: 'First day of the month of the transfer (UTC), for partition pruning',
      block_date: 'Date of the transfer (UTC)',
      block_time: 'Timestamp of the block (UTC)',
      block_number: 'Number of the block',
      tx_hash: 'Hash of the transaction',
      evt_index: 'Log index of the Transfer event in its block',
      trace_address: 'Call path of a native transfer; NULL for ERC20 events',
      token_standard: 'Token standard: erc20',
      tx_from: 'Sender of the transaction',
      tx_to: 'Recipient of the transaction',
      tx_index: 'Position of the transaction in its block',
      from: 'Address the tokens left',
      to: 'Address the tokens went to',
      contract_address: 'Token contract',
      symbol: 'Token symbol',
      amount_raw: 'Raw token amount (uint256, before decimals)',
      amount: 'Token amount in display units (decimals applied)',
      price_usd: 'USD price of the token in the hour of the transfer',
      amount_usd: 'USD value of the transfer',
    },
    columnTypes: { amount_raw: 'uint256' },
    files: (ctx) => [{ name: 'data', sql: tokenTransfersSql(events(ETHEREUM, ctx)) }],
  },
  {
    schema: 'labels',
    table: 'addresses',
    datasetType: 'spell',
    category: 'spell',
    description:
      'Address labels per blockchain: token contracts, DEX pools and routers, aggregators, block builders, sequencers and exchange hot wallets.',
    blockchains: chainNames,
    metadata: { page_rank_score: 0.83, spell_type: 'sector' },
    columns: {
      blockchain: 'Blockchain of the address',
      address: 'Labelled address',
      name: 'Label: what or whose the address is',
      category: 'Kind of label: contracts, dex, infrastructure, cex',
      contributor: 'Who contributed the label',
      source: 'How the label was made: static (a list) or query (derived from activity)',
      created_at: 'When the label was created',
      updated_at: 'When the label was last changed',
      model_name: 'Group of labels the label belongs to',
      label_type: 'Label type: identifier (who the address is)',
    },
    files: () => [{ name: 'data', sql: labelsSql() }],
  },
];
