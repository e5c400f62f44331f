/**
 * The tables bench/dunesql.ts queries, named and shaped as the hosted service's (a subset of
 * their columns; addresses, hashes and calldata varbinary): `dex.trades` and
 * `ethereum.transactions`, `rows` rows each over 90 days from 2026-01-01, generated
 * deterministically from hash() of the row number. The bench makes its own instead of reading
 * the demo data so its size (and so the queries' time) is its own choice.
 */
import path from 'node:path';
import { quoteLiteral } from '../server/engine/duck.js';
import type { TestServer } from '../server/test/harness.js';
import { PARQUET_WRITE } from '../server/lake/parquet-write.js';

/** Tokens (symbol, address without 0x) the trades swap and the transfers move. */
export const TOKENS = {
  WETH: 'c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  USDC: 'a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  USDT: 'dac17f958d2ee523a2206206994597c13d831ec7',
  DAI: '6b175474e89094c44da98b954eedeac495271d0f',
  WBTC: '2260fac5e5542a773aa44fbcfedf7c193bc2c599',
  LINK: '514910771af9ca656af840dff83e8264ecf986ca',
  UNI: '1f9840a85d5af5bf1d1762f925bdaddc4201f984',
  PEPE: '6982508145454ce325ddbe47a25d4ec3d2311933',
};
/** Routers: the trades' tx_to, and the `to` of router calls. */
export const ROUTERS = {
  uniswapV2: '7a250d5630b4cf539739df2c5dacb4c659f2488d',
  uniswapV3: 'e592427a0aece92de3edee1f18e0157c05861564',
  universal: '3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad',
  oneInch: '1111111254eeb25477b68fb85ed929f73a960582',
  zeroEx: 'def1c0ded9bec7f1a1670819833240f027b25eff',
};
/** ERC-20 transfer(address,uint256): the calldata of token transactions. */
export const TRANSFER_SELECTOR = 'a9059cbb';
/** The selectors of router calls (swaps of several kinds). */
const ROUTER_SELECTORS = ['38ed1739', '7ff36ab5', '3593564c', '414bf389', '18cbafe5'];
const PROJECTS = ['uniswap', 'curve', 'sushiswap', 'balancer', 'pancakeswap'];
const EOAS = 200_000;
const DAYS = 90;

const list = (xs: string[]) => `[${xs.map(quoteLiteral).join(', ')}]`;
/** A uniform draw in [0, 1) of row `i`, one per label. */
const draw = (label: string) => `((hash(i, '${label}') % 1000000) / 1000000.0)`;
/** A 1-based pick among `n`, one per label. */
const pick = (label: string, n: number) => `CAST(1 + hash(i, '${label}') % ${n} AS INTEGER)`;
/** An EOA number: a few are very active, most are not. */
const eoa = (label: string) => `CAST(floor(pow(${draw(label)}, 3) * ${EOAS}) AS BIGINT)`;
/** The address of EOA `n` (20 bytes) as hex. */
const eoaHex = (n: string) => `(md5('eoa:' || ${n}) || md5('eoa2:' || ${n})[1:8])`;
/** Row i's time: the rows spread evenly over DAYS days. */
const blockTime = (rows: number) =>
  `TIMESTAMP '2026-01-01' + to_microseconds(CAST(i * ${(DAYS * 86400e6) / rows} AS BIGINT))`;
/** 32 bytes of row i (a hash), one per label, as hex. */
const word = (label: string) =>
  `(lpad(hex(hash(i, '${label}')), 16, '0') || lpad(hex(i), 16, '0') || lpad(hex(hash(i, '${label}2')), 32, '0'))`;

const tradesSql = (rows: number) => {
  const symbols = Object.keys(TOKENS);
  const addresses = Object.values(TOKENS);
  return `WITH eoas AS (SELECT range AS n, unhex(${eoaHex('range')}) AS address FROM range(${EOAS})),
    base AS (SELECT i, ${blockTime(rows)} AS block_time, ${pick('tb', symbols.length)} AS tb,
        1 + (${pick('tb', symbols.length)} + ${pick('ts', symbols.length - 1)} - 1) % ${symbols.length} AS ts,
        ${eoa('trader')} AS trader
      FROM range(${rows}) r(i))
  SELECT CASE WHEN ${draw('chain')} < 0.8 THEN 'ethereum' WHEN ${draw('chain')} < 0.9 THEN 'arbitrum' ELSE 'base' END AS blockchain,
    ${list(PROJECTS)}[${pick('project', PROJECTS.length)}] AS project,
    block_time, CAST(block_time AS DATE) AS block_date,
    CAST(date_trunc('month', block_time) AS DATE) AS block_month,
    ${list(symbols)}[tb] AS token_bought_symbol, ${list(symbols)}[ts] AS token_sold_symbol,
    unhex(${list(addresses)}[tb]) AS token_bought_address,
    unhex(${list(addresses)}[ts]) AS token_sold_address,
    round(exp(2 + 10 * pow(${draw('usd')}, 2)), 2) AS amount_usd,
    eoas.address AS tx_from,
    unhex(${list(Object.values(ROUTERS))}[${pick('router', Object.keys(ROUTERS).length)}]) AS tx_to,
    unhex(md5('pool:' || hash(i, 'pool') % 300) || md5('pool2:' || hash(i, 'pool') % 300)[1:8]) AS project_contract_address,
    unhex(${word('tx')}) AS tx_hash,
    CAST(hash(i, 'evt') % 200 AS INTEGER) AS evt_index
  FROM base JOIN eoas ON eoas.n = base.trader
  ORDER BY i`;
};

const transactionsSql = (rows: number) =>
  `WITH eoas AS (SELECT range AS n, unhex(${eoaHex('range')}) AS address FROM range(${EOAS})),
    base AS (SELECT i, ${blockTime(rows)} AS block_time, ${eoa('from')} AS sender,
        CASE WHEN hash(i, 'kind') % 100 < 35 THEN 'plain' WHEN hash(i, 'kind') % 100 < 65 THEN 'token' ELSE 'router' END AS kind
      FROM range(${rows}) r(i))
  SELECT block_time, CAST(block_time AS DATE) AS block_date, 18000000 + i // 150 AS block_number,
    unhex(${word('etx')}) AS hash,
    eoas.address AS "from",
    CASE kind WHEN 'plain' THEN unhex(${eoaHex(`hash(i, 'to') % ${EOAS}`)})
      WHEN 'token' THEN unhex(${list(Object.values(TOKENS))}[${pick('token', Object.keys(TOKENS).length)}])
      ELSE unhex(${list(Object.values(ROUTERS))}[${pick('router', Object.keys(ROUTERS).length)}]) END AS "to",
    CAST(CASE kind WHEN 'plain' THEN 21000 ELSE 40000 + hash(i, 'gas') % 250000 END AS BIGINT) AS gas_used,
    CAST(8000000000 + hash(i, 'price') % 40000000000 AS BIGINT) AS gas_price,
    ${draw('ok')} > 0.03 AS success,
    CASE kind WHEN 'plain' THEN ''::BLOB
      -- transfer(recipient, amount): the recipient left-padded to 32 bytes, then the amount
      WHEN 'token' THEN unhex('${TRANSFER_SELECTOR}' || repeat('0', 24) || ${eoaHex(`hash(i, 'rcpt') % ${EOAS}`)}
        || lpad(hex(CAST(hash(i, 'amt') % 1000000000000000000000 AS UHUGEINT)), 64, '0'))
      ELSE unhex(${list(ROUTER_SELECTORS)}[${pick('sel', ROUTER_SELECTORS.length)}] || ${word('w1')} || ${word('w2')}) END AS data
  FROM base JOIN eoas ON eoas.n = base.sender
  ORDER BY i`;

/** Publishes `dex.trades` and `ethereum.transactions` (`rows` rows each) on the test server. */
export async function publishDuneTables(t: TestServer, rows: number): Promise<void> {
  const tables = [
    ['dex', 'trades', tradesSql(rows)],
    ['ethereum', 'transactions', transactionsSql(rows)],
  ] as const;
  for (const [schema, table, select] of tables)
    await t.deps.lake.publish(
      { schema, table, ownerId: null, kind: 'demo', datasetType: 'dune_table' },
      (dir) =>
        t.deps.duck.withConnection((conn) =>
          conn
            .run(
              `COPY (${select}) TO ${quoteLiteral(path.join(dir, 'data.parquet'))} (${PARQUET_WRITE})`,
            )
            .then(() => undefined),
        ),
    );
}
