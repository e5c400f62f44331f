import { createHash } from 'node:crypto';

/**
 * Reference data behind the synthetic demo datasets: the chains (this file), assets and tokens
 * (demo-tokens-ref.ts), DEX pools and routers (demo-dex-ref.ts). A few token addresses are the
 * well-known real ones; every other address is derived deterministically from its name, so the
 * data looks real but is entirely synthetic.
 */

/** The last instant of demo data; nothing depends on the clock. */
export const DEMO_END = '2026-10-31 23:59:59';
/** Hourly prices cover the year before DEMO_END (8760 points per token); walks start and end at each asset's level. */
export const PRICE_HOURS = 8760;

export type ChainSpec = {
  name: 'ethereum' | 'base' | 'arbitrum';
  /** Block number at DEMO_END. */
  head: number;
  /** Seconds between blocks (Arbitrum timestamps are whole seconds, four blocks each). */
  interval: number;
  /** Mean transactions per block at scale 1 (kept low so the demo stays small). */
  txPerBlock: number;
  gasLimit: bigint;
  /** Typical base fee in wei. */
  baseFee: number;
  /** Priority fee: floor + spread * u^3, in wei. */
  tip: [number, number];
  failRate: number;
  /** Shares of transaction kinds: DEX swap, ERC20 transfer, other contract call, contract creation. */
  mix: { swap: number; erc20: number; contract: number; create: number };
  /** DEX trades per year at scale 1. */
  trades: number;
  /** DEX projects with version and share of trades. */
  projects: [string, string, number][];
  /** Traded pairs (symbols) with weight; `s` marks pairs that stable-swap AMMs (curve) list. */
  pairs: [string, string, number, ('s' | '')?][];
  /** Sequencer / default fee recipient, or null to draw block builders. */
  miner: string | null;
};

export const CHAINS: ChainSpec[] = [
  {
    name: 'ethereum',
    head: 26_341_180,
    interval: 12,
    txPerBlock: 15,
    gasLimit: 45_000_000n,
    baseFee: 4e9,
    tip: [1e6, 3e9],
    failRate: 0.035,
    mix: { swap: 0.14, erc20: 0.06, contract: 0.38, create: 0.01 },
    trades: 200_000,
    projects: [
      ['uniswap', '3', 0.45],
      ['uniswap', '2', 0.14],
      ['uniswap', '4', 0.08],
      ['sushiswap', '1', 0.07],
      ['curve', '1', 0.14],
      ['balancer', '2', 0.12],
    ],
    pairs: [
      ['WETH', 'USDC', 24],
      ['WETH', 'USDT', 14],
      ['WBTC', 'WETH', 7],
      ['USDC', 'USDT', 9, 's'],
      ['DAI', 'USDC', 4, 's'],
      ['WETH', 'DAI', 3],
      ['stETH', 'WETH', 4, 's'],
      ['wstETH', 'WETH', 4, 's'],
      ['PEPE', 'WETH', 6],
      ['UNI', 'WETH', 3],
      ['LINK', 'WETH', 3],
      ['SHIB', 'WETH', 2],
      ['AAVE', 'WETH', 2],
      ['LDO', 'WETH', 1.5],
      ['CRV', 'WETH', 1.5],
      ['ENA', 'WETH', 2],
      ['USDe', 'USDC', 2, 's'],
      ['FRAX', 'USDC', 1, 's'],
      ['MKR', 'WETH', 1],
      ['rETH', 'WETH', 1, 's'],
      ['cbETH', 'WETH', 1, 's'],
      ['WBTC', 'USDC', 3],
      ['ARB', 'WETH', 1],
      ['OP', 'WETH', 0.5],
      ['APE', 'WETH', 0.5],
    ],
    miner: null,
  },
  {
    name: 'base',
    head: 53_482_960,
    interval: 2,
    txPerBlock: 6,
    gasLimit: 150_000_000n,
    baseFee: 5e6,
    tip: [1e4, 2e7],
    failRate: 0.045,
    mix: { swap: 0.2, erc20: 0.1, contract: 0.5, create: 0.02 },
    trades: 180_000,
    projects: [
      ['aerodrome', '1', 0.4],
      ['uniswap', '3', 0.3],
      ['uniswap', '2', 0.08],
      ['uniswap', '4', 0.07],
      ['sushiswap', '1', 0.05],
      ['curve', '1', 0.05],
      ['balancer', '2', 0.05],
    ],
    pairs: [
      ['WETH', 'USDC', 30],
      ['cbBTC', 'WETH', 6],
      ['cbBTC', 'USDC', 4],
      ['USDC', 'USDbC', 4, 's'],
      ['DAI', 'USDC', 2, 's'],
      ['cbETH', 'WETH', 3, 's'],
      ['wstETH', 'WETH', 3, 's'],
      ['AERO', 'WETH', 6],
      ['AERO', 'USDC', 4],
      ['DEGEN', 'WETH', 5],
      ['BRETT', 'WETH', 5],
      ['TOSHI', 'WETH', 3],
      ['VIRTUAL', 'WETH', 6],
      ['MORPHO', 'WETH', 1],
      ['WETH', 'USDT', 3],
      ['OP', 'WETH', 0.5],
    ],
    miner: '0x4200000000000000000000000000000000000011',
  },
  {
    name: 'arbitrum',
    head: 521_874_400,
    interval: 0.25,
    txPerBlock: 4,
    gasLimit: 1_125_899_906_842_624n,
    baseFee: 1e7,
    tip: [0, 0],
    failRate: 0.04,
    mix: { swap: 0.18, erc20: 0.12, contract: 0.45, create: 0.01 },
    trades: 120_000,
    projects: [
      ['uniswap', '3', 0.45],
      ['camelot', '2', 0.15],
      ['camelot', '3', 0.08],
      ['sushiswap', '1', 0.1],
      ['curve', '1', 0.1],
      ['balancer', '2', 0.12],
    ],
    pairs: [
      ['WETH', 'USDC', 26],
      ['WETH', 'USDT', 10],
      ['WBTC', 'WETH', 6],
      ['USDC', 'USDT', 6, 's'],
      ['USDC', 'USDC.e', 5, 's'],
      ['ARB', 'WETH', 8],
      ['ARB', 'USDC', 5],
      ['GMX', 'WETH', 3],
      ['PENDLE', 'WETH', 2],
      ['MAGIC', 'WETH', 1.5],
      ['RDNT', 'WETH', 1],
      ['GRAIL', 'WETH', 1],
      ['LINK', 'WETH', 2],
      ['wstETH', 'WETH', 3, 's'],
      ['DAI', 'USDC', 2, 's'],
    ],
    miner: '0xa4b000000000000000000073657175656e636572',
  },
];

/** A deterministic lowercase address derived from a name. */
export function derivedAddress(name: string): string {
  return '0x' + createHash('sha256').update(name).digest('hex').slice(0, 40);
}
