import { derivedAddress, type ChainSpec } from './demo-data-ref.js';
import { token, type Token } from './demo-tokens-ref.js';

/** Demo DEX pools and routers of each chain, and the weighted slots that pick among them. */

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

/** The routers of a chain's DEX projects, in the order of their first listing. */
export const routersOf = (c: ChainSpec) =>
  [...new Set(c.projects.map((p) => p[0]))].map((p) => derivedAddress(`router:${c.name}:${p}`));

/** DEX aggregators of each chain: project, version and share of the chain's aggregated trades. */
const AGGREGATORS: Record<ChainSpec['name'], [string, string, number][]> = {
  ethereum: [
    ['1inch', '6', 0.3],
    ['0x', '1', 0.2],
    ['cow_protocol', '1', 0.2],
    ['paraswap', '6', 0.15],
    ['odos', '2', 0.15],
  ],
  base: [
    ['1inch', '6', 0.3],
    ['0x', '1', 0.25],
    ['odos', '2', 0.25],
    ['paraswap', '6', 0.2],
  ],
  arbitrum: [
    ['1inch', '6', 0.3],
    ['0x', '1', 0.2],
    ['odos', '2', 0.2],
    ['paraswap', '6', 0.15],
    ['cow_protocol', '1', 0.15],
  ],
};

/** A chain's aggregators with the router their trades' transactions go to. */
export const aggregatorsOf = (c: ChainSpec) =>
  AGGREGATORS[c.name].map(([project, version, weight]) => ({
    project,
    version,
    weight,
    router: derivedAddress(`aggregator:${c.name}:${project}`),
  }));
