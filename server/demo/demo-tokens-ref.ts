import { CHAINS, derivedAddress, type ChainSpec } from './demo-data-ref.js';

/** Demo price drivers (assets) and the tokens of each chain that track them. */

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
