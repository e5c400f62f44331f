import { eventTopic, functionSelector } from './keccak.js';

/**
 * The events and calls the demo data encodes, by signature: each topic0 and selector is the
 * Keccak-256 of its signature (keccak.ts), as on-chain, so a query that filters on the real
 * constants (`topic0 = 0xddf252ad…`, `bytearray_substring(data, 1, 4) = 0xa9059cbb`) finds them.
 */

export const TOPIC = {
  /** ERC-20 Transfer: topic1 from, topic2 to, data value. */
  transfer: eventTopic('Transfer(address,address,uint256)'),
  /** Uniswap v3 pool Swap: topic1 sender, topic2 recipient, data the five amounts. */
  swapV3: eventTopic('Swap(address,address,int256,int256,uint160,uint128,int24)'),
};

export const SELECTOR = {
  transfer: functionSelector('transfer(address,uint256)'),
  transferFrom: functionSelector('transferFrom(address,address,uint256)'),
  /** The Uniswap v3 router's single-pool swap (its struct as a tuple). */
  exactInputSingle: functionSelector(
    'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
  ),
  /** The router's call into the pool, and the pool's call back to collect the input. */
  poolSwap: functionSelector('swap(address,bool,int256,uint160,bytes)'),
  swapCallback: functionSelector('uniswapV3SwapCallback(int256,int256,bytes)'),
  /** The call other routers' swaps make (Uniswap v2 style). */
  swapExactTokensForTokens: functionSelector(
    'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  ),
};

/** Argument kinds of the other contract calls: an address, a number or a flag word. */
export type ArgKind = 'address' | 'uint' | 'bool';

/** Common calls of other contracts (vaults, staking, NFTs, claims), with their argument kinds. */
export const OTHER_CALLS: { selector: string; args: ArgKind[] }[] = (
  [
    ['deposit()', []],
    ['withdraw(uint256)', ['uint']],
    ['claim()', []],
    ['stake(uint256)', ['uint']],
    ['mint(address,uint256)', ['address', 'uint']],
    ['approve(address,uint256)', ['address', 'uint']],
    ['setApprovalForAll(address,bool)', ['address', 'bool']],
    ['execute(address,uint256)', ['address', 'uint']],
  ] as [string, ArgKind[]][]
).map(([signature, args]) => ({ selector: functionSelector(signature), args }));

/** The price limits a Uniswap v3 swap passes when it sets none: one past the pool's bounds. */
export const SQRT_PRICE_LIMIT = {
  zeroForOne: (4295128739n + 1n).toString(16),
  oneForZero: (1461446703485210103287273052203988822378723970342n - 1n).toString(16),
};
