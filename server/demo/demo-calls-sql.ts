import { quoteLiteral as lit } from '../engine/duck.js';
import { SELECTOR, SQRT_PRICE_LIMIT } from './demo-abi.js';
import { derivedAddress, type ChainSpec } from './demo-data-ref.js';
import { poolsOf, weightedSlots } from './demo-dex-ref.js';
import { abi, addr, bin, pick, u, word, z, zipf } from './demo-sql-kit.js';
import { ASSETS, TOKENS, type Token } from './demo-tokens-ref.js';

/**
 * The two kinds of call whose effects the demo data follows through every table: ERC-20
 * `transfer` calls and swaps through a chain's Uniswap v3 router. What a call does is drawn from
 * its transaction's keys (block number, index in the block), so the transactions' calldata and
 * the logs, decoded events and traces derived later from the same keys always agree.
 */

/** A token's price as the calls size amounts by: its asset's level at DEMO_END times its ratio. */
const LEVEL = new Map(ASSETS.map((a) => [a.id, a.level]));
const staticPrice = (t: Token) => LEVEL.get(t.asset)! * t.ratio;

/** A constant SQL list (parenthesized when typed, so `list[i]` indexes it). */
const list = (items: string[], type?: string) =>
  type ? `([${items.join(', ')}]::${type}[])` : `[${items.join(', ')}]`;

/** A chain's ERC-20 tokens as SQL lists, indexed by token number (1-based). */
export function chainTokens(c: ChainSpec) {
  const toks = TOKENS.filter((t) => t.chain === c.name);
  return {
    toks,
    address: list(toks.map((t) => bin(t.address))),
    decimals: list(
      toks.map((t) => String(t.decimals)),
      'INTEGER',
    ),
    price: list(
      toks.map((t) => String(staticPrice(t))),
      'DOUBLE',
    ),
  };
}

/**
 * The ERC-20 transfer of transaction (n, ix) to token number `tk`: its recipient (an EOA) and raw
 * amount (a log-normal USD size at the token's price), DECIMAL(38,0).
 */
export function transferCall(c: ChainSpec, n: string, ix: string, tk: string, eoas: number) {
  const t = chainTokens(c);
  const k = (salt: string) => u(n, ix, lit(`xfer:${salt}`));
  const usd = `least(5e6, exp(ln(400) + 1.9 * ${z(n, ix, "'xfer:usd'")}))`;
  return {
    recipient: addr(zipf(k('to'), eoas, 0.6), 'eoa'),
    amount: `CAST(round(${usd} / ${t.price}[${tk}] * pow(10, ${t.decimals}[${tk}])) AS DECIMAL(38,0))`,
  };
}

/** The calldata of `transfer(recipient, amount)`. */
export const transferData = (recipient: string, amount: string) =>
  abi(SELECTOR.transfer, word.address(recipient), word.uint(amount));

/** The router whose swaps go to Uniswap v3 pools and emit their events. */
export const uniswapRouter = (c: ChainSpec) => derivedAddress(`router:${c.name}:uniswap`);

/** A chain's Uniswap v3 pools as SQL lists, indexed by pool number (1-based). */
function uniswapPools(c: ChainSpec) {
  const pools = poolsOf(c).filter((p) => p.project === 'uniswap' && p.version === '3');
  const of = (f: (p: (typeof pools)[number]) => string, type?: string) => list(pools.map(f), type);
  return {
    pools,
    /** Pool numbers, each repeated by its share of swaps. */
    slots: weightedSlots(pools.map((p) => p.weight)).map((ix) => String(ix + 1)),
    address: of((p) => bin(p.address)),
    token0: of((p) => bin(p.token0.address)),
    token1: of((p) => bin(p.token1.address)),
    dec0: of((p) => String(p.token0.decimals), 'INTEGER'),
    dec1: of((p) => String(p.token1.decimals), 'INTEGER'),
    price0: of((p) => String(staticPrice(p.token0)), 'DOUBLE'),
    price1: of((p) => String(staticPrice(p.token1)), 'DOUBLE'),
    /** Fee tier in hundredths of a bip: 0.05 % for pairs of one asset, else 0.3 %. */
    fee: of((p) => (p.token0.asset === p.token1.asset ? '500' : '3000'), 'INTEGER'),
  };
}

/**
 * What a Uniswap swap of transaction (n, ix) draws, as the columns pid (pool number), zero_for_one
 * (token0 in) and swap_usd (size of the input); NULL where `when` is false. `swapFields` derives
 * the rest from those columns.
 */
export function swapDraws(c: ChainSpec, n: string, ix: string, when = 'true') {
  const p = uniswapPools(c);
  const k = (salt: string) => u(n, ix, lit(`swap:${salt}`));
  const only = (x: string) => `CASE WHEN ${when} THEN ${x} END`;
  return `${only(pick(p.slots, k('pool')))} AS pid, ${only(`${k('dir')} < 0.5`)} AS zero_for_one,
    ${only(`least(2e7, exp(ln(1500) + 1.8 * ${z(n, ix, "'swap:usd'")}))`)} AS swap_usd`;
}

/**
 * A swap's pool, tokens, decimals, fee and raw input amount (DECIMAL(38,0), at the input token's
 * price) from the columns of `swapDraws`.
 */
export function swapFields(c: ChainSpec) {
  const p = uniswapPools(c);
  const by = (one: string, other: string) =>
    `CASE WHEN zero_for_one THEN ${one}[pid] ELSE ${other}[pid] END`;
  return `${p.address}[pid] AS pool, ${p.token0}[pid] AS token0, ${p.token1}[pid] AS token1,
    ${p.dec0}[pid] AS dec0, ${p.dec1}[pid] AS dec1, ${p.fee}[pid] AS fee,
    ${by(p.token0, p.token1)} AS token_in, ${by(p.token1, p.token0)} AS token_out,
    ${by(p.dec0, p.dec1)} AS dec_in, ${by(p.dec1, p.dec0)} AS dec_out,
    CAST(round(swap_usd / ${by(p.price0, p.price1)} * pow(10, ${by(p.dec0, p.dec1)})) AS DECIMAL(38,0)) AS amount_in`;
}

/**
 * The calldata of the router's `exactInputSingle`: token in and out, fee, recipient (the
 * sender), deadline (20 minutes after the block), amount in, no minimum out, no price limit.
 */
export const exactInputSingleData = (from: string, time: string) =>
  abi(
    SELECTOR.exactInputSingle,
    word.address('token_in'),
    word.address('token_out'),
    word.uint('fee'),
    word.address(from),
    word.uint(`epoch(${time}) + 1200`),
    word.uint('amount_in'),
    word.uint('0'),
    word.uint('0'),
  );

/** The router's call into the pool: `swap(recipient, zeroForOne, amountSpecified, limit, data)`. */
export const poolSwapData = (recipient: string) =>
  abi(
    SELECTOR.poolSwap,
    word.address(recipient),
    word.bool('zero_for_one'),
    word.int('amount_in'),
    `CASE WHEN zero_for_one THEN ${word.hex(SQRT_PRICE_LIMIT.zeroForOne)} ELSE ${word.hex(SQRT_PRICE_LIMIT.oneForZero)} END`,
    word.hex('a0'),
    word.hex('0'),
  );
