import { createHash } from 'node:crypto';

/**
 * Reference data behind the synthetic demo datasets: chains, assets, tokens and DEX pools.
 * A few token addresses are the well-known real ones; every other address is derived
 * deterministically from its name, so the data looks real but is entirely synthetic.
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

/** A price driver: level at DEMO_END (USD), idiosyncratic annual volatility, beta to the market. */
export type Asset = { id: string; level: number; vol: number; beta: number };
/** Annual volatility of the shared market factor. */
export const MARKET_VOL = 0.45;

export const ASSETS: Asset[] = [
  ['ETH', 3450, 0.25, 1],
  ['BTC', 98000, 0.2, 0.75],
  ['USD', 1, 0, 0],
  ['UNI', 9.5, 0.6, 1.2],
  ['LINK', 17, 0.5, 1.1],
  ['AAVE', 260, 0.55, 1.2],
  ['MKR', 1650, 0.5, 1],
  ['LDO', 1.6, 0.6, 1.3],
  ['CRV', 0.75, 0.7, 1.4],
  ['PEPE', 0.000011, 0.9, 1.6],
  ['SHIB', 0.000019, 0.7, 1.4],
  ['APE', 0.95, 0.7, 1.4],
  ['ENA', 0.85, 0.8, 1.4],
  ['ARB', 0.72, 0.6, 1.3],
  ['OP', 1.85, 0.6, 1.3],
  ['AERO', 1.15, 0.8, 1.5],
  ['DEGEN', 0.009, 1, 1.7],
  ['BRETT', 0.11, 1, 1.7],
  ['TOSHI', 0.0006, 1, 1.7],
  ['VIRTUAL', 1.6, 0.95, 1.6],
  ['MORPHO', 2.1, 0.7, 1.3],
  ['GMX', 24, 0.6, 1.2],
  ['MAGIC', 0.42, 0.8, 1.4],
  ['PENDLE', 4.8, 0.7, 1.3],
  ['RDNT', 0.048, 0.9, 1.5],
  ['GRAIL', 850, 0.7, 1.3],
].map(([id, level, vol, beta]) => ({ id, level, vol, beta }) as Asset);

/** A token: symbol, name, decimals, asset it tracks and its ratio to it, real address if well known. */
type TokenDef = [string, string, number, string, number, string?];

const TOKEN_DEFS: Record<ChainSpec['name'], TokenDef[]> = {
  ethereum: [
    ['WETH', 'Wrapped Ether', 18, 'ETH', 1, '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'],
    ['USDC', 'USD Coin', 6, 'USD', 1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    ['USDT', 'Tether USD', 6, 'USD', 1, '0xdac17f958d2ee523a2206206994597c13d831ec7'],
    ['DAI', 'Dai Stablecoin', 18, 'USD', 1, '0x6b175474e89094c44da98b954eedeac495271d0f'],
    ['WBTC', 'Wrapped BTC', 8, 'BTC', 0.998, '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599'],
    ['UNI', 'Uniswap', 18, 'UNI', 1, '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984'],
    ['LINK', 'ChainLink Token', 18, 'LINK', 1, '0x514910771af9ca656af840dff83e8264ecf986ca'],
    ['stETH', 'Liquid staked Ether 2.0', 18, 'ETH', 0.9993],
    ['wstETH', 'Wrapped liquid staked Ether 2.0', 18, 'ETH', 1.215],
    ['rETH', 'Rocket Pool ETH', 18, 'ETH', 1.14],
    ['cbETH', 'Coinbase Wrapped Staked ETH', 18, 'ETH', 1.1],
    ['AAVE', 'Aave Token', 18, 'AAVE', 1],
    ['MKR', 'Maker', 18, 'MKR', 1],
    ['LDO', 'Lido DAO Token', 18, 'LDO', 1],
    ['CRV', 'Curve DAO Token', 18, 'CRV', 1],
    ['PEPE', 'Pepe', 18, 'PEPE', 1],
    ['SHIB', 'SHIBA INU', 18, 'SHIB', 1],
    ['APE', 'ApeCoin', 18, 'APE', 1],
    ['ENA', 'ENA', 18, 'ENA', 1],
    ['USDe', 'USDe', 18, 'USD', 1],
    ['FRAX', 'Frax', 18, 'USD', 1],
    ['ARB', 'Arbitrum', 18, 'ARB', 1],
    ['OP', 'Optimism', 18, 'OP', 1],
  ],
  base: [
    ['WETH', 'Wrapped Ether', 18, 'ETH', 1, '0x4200000000000000000000000000000000000006'],
    ['USDC', 'USD Coin', 6, 'USD', 1, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'],
    ['USDbC', 'USD Base Coin', 6, 'USD', 1],
    ['USDT', 'Tether USD', 6, 'USD', 1],
    ['DAI', 'Dai Stablecoin', 18, 'USD', 1],
    ['cbBTC', 'Coinbase Wrapped BTC', 8, 'BTC', 0.999],
    ['cbETH', 'Coinbase Wrapped Staked ETH', 18, 'ETH', 1.1],
    ['wstETH', 'Wrapped liquid staked Ether 2.0', 18, 'ETH', 1.215],
    ['AERO', 'Aerodrome', 18, 'AERO', 1],
    ['DEGEN', 'Degen', 18, 'DEGEN', 1],
    ['BRETT', 'Brett', 18, 'BRETT', 1],
    ['TOSHI', 'Toshi', 18, 'TOSHI', 1],
    ['VIRTUAL', 'Virtual Protocol', 18, 'VIRTUAL', 1],
    ['MORPHO', 'Morpho Token', 18, 'MORPHO', 1],
    ['OP', 'Optimism', 18, 'OP', 1],
    ['LINK', 'ChainLink Token', 18, 'LINK', 1],
    ['UNI', 'Uniswap', 18, 'UNI', 1],
  ],
  arbitrum: [
    ['WETH', 'Wrapped Ether', 18, 'ETH', 1, '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'],
    ['USDC', 'USD Coin', 6, 'USD', 1, '0xaf88d065e77c8cc2239327c5edb3a432268e5831'],
    ['USDC.e', 'Bridged USDC', 6, 'USD', 1, '0xff970a61a04b1ca14834a43f5de4533ebddb5cc8'],
    ['USDT', 'Tether USD', 6, 'USD', 1, '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'],
    ['DAI', 'Dai Stablecoin', 18, 'USD', 1, '0xda10009cbd5d07dd0cecc66161fc93d7c9000da1'],
    ['WBTC', 'Wrapped BTC', 8, 'BTC', 0.998, '0x2f2a2543b76a4166549f7aab2e75bef0aefc5b0f'],
    ['ARB', 'Arbitrum', 18, 'ARB', 1, '0x912ce59144191c1204e64559fe8253a0e49e6548'],
    ['GMX', 'GMX', 18, 'GMX', 1],
    ['LINK', 'ChainLink Token', 18, 'LINK', 1],
    ['UNI', 'Uniswap', 18, 'UNI', 1],
    ['wstETH', 'Wrapped liquid staked Ether 2.0', 18, 'ETH', 1.215],
    ['PENDLE', 'Pendle', 18, 'PENDLE', 1],
    ['MAGIC', 'MAGIC', 18, 'MAGIC', 1],
    ['RDNT', 'Radiant', 18, 'RDNT', 1],
    ['GRAIL', 'Camelot token', 18, 'GRAIL', 1],
    ['CRV', 'Curve DAO Token', 18, 'CRV', 1],
    ['AAVE', 'Aave Token', 18, 'AAVE', 1],
  ],
};

/** A deterministic lowercase address derived from a name. */
export function derivedAddress(name: string): string {
  return '0x' + createHash('sha256').update(name).digest('hex').slice(0, 40);
}

export type Token = {
  chain: ChainSpec['name'];
  symbol: string;
  name: string;
  decimals: number;
  asset: string;
  ratio: number;
  address: string;
};

export const TOKENS: Token[] = CHAINS.flatMap((c) =>
  TOKEN_DEFS[c.name].map(([symbol, name, decimals, asset, ratio, real]) => ({
    chain: c.name,
    symbol,
    name,
    decimals,
    asset,
    ratio,
    address: real ?? derivedAddress(`token:${c.name}:${symbol}`),
  })),
);

export function token(chain: string, symbol: string): Token {
  const t = TOKENS.find((x) => x.chain === chain && x.symbol === symbol);
  if (!t) throw new Error(`demo data: unknown token ${chain}.${symbol}`);
  return t;
}

export type Pool = {
  chain: ChainSpec['name'];
  project: string;
  version: string;
  /** token0 sorts below token1 by address, as in Uniswap. */
  token0: Token;
  token1: Token;
  address: string;
  weight: number;
};

export function poolsOf(c: ChainSpec): Pool[] {
  const pools: Pool[] = [];
  for (const [project, version, share] of c.projects) {
    const pairs = c.pairs.filter((p) => project !== 'curve' || p[3] === 's');
    const total = pairs.reduce((s, p) => s + p[2], 0);
    for (const [a, b, w] of pairs) {
      const [x, y] = [token(c.name, a), token(c.name, b)];
      const [token0, token1] = x.address < y.address ? [x, y] : [y, x];
      const address = derivedAddress(`pool:${c.name}:${project}:${version}:${a}:${b}`);
      pools.push({
        chain: c.name,
        project,
        version,
        token0,
        token1,
        address,
        weight: (share * w) / total,
      });
    }
  }
  return pools;
}

/** `n` slots filled with item indexes in proportion to weights (largest remainder). */
export function weightedSlots(weights: number[], n = 1000): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * n);
  const counts = exact.map(Math.floor);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((x, y) => y[0] - x[0]);
  for (let k = 0; counts.reduce((s, c) => s + c, 0) < n; k++) counts[order[k]![1]]!++;
  return counts.flatMap((c, i) => Array<number>(c).fill(i));
}

/** The router most swaps on Ethereum go through; its swaps emit uniswap_v3 Swap events. */
export const UNISWAP_ROUTER = derivedAddress('router:ethereum:uniswap');
export const routersOf = (c: ChainSpec) =>
  [...new Set(c.projects.map((p) => p[0]))].map((p) => derivedAddress(`router:${c.name}:${p}`));
