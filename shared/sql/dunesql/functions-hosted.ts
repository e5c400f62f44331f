/**
 * The hosted service's own helpers beyond varbinary: links to chain explorers, base58, and the
 * ones Strata cannot run (live HTTP fetches, ABI decoding, other chains' address codecs).
 */
import type { DuneFunction } from './functions';
import { macro, unsupported } from './functions-kit';

/** Block explorers by the hosted service's chain names. */
const EXPLORERS: [string, string][] = [
  ['ethereum', 'https://etherscan.io'],
  ['optimism', 'https://optimistic.etherscan.io'],
  ['polygon', 'https://polygonscan.com'],
  ['arbitrum', 'https://arbiscan.io'],
  ['avalanche_c', 'https://snowtrace.io'],
  ['gnosis', 'https://gnosisscan.io'],
  ['bnb', 'https://bscscan.com'],
  ['base', 'https://basescan.org'],
  ['fantom', 'https://ftmscan.com'],
  ['celo', 'https://celoscan.io'],
  ['zksync', 'https://explorer.zksync.io'],
  ['linea', 'https://lineascan.build'],
  ['scroll', 'https://scrollscan.com'],
  ['blast', 'https://blastscan.io'],
  ['mantle', 'https://mantlescan.xyz'],
  ['zora', 'https://explorer.zora.energy'],
  ['solana', 'https://solscan.io'],
  ['bitcoin', 'https://blockstream.info'],
];

/** An address or hash as the hosted service prints it: varbinary as `0x…`, text as written. */
const asText = (x: string) =>
  `CASE WHEN typeof(${x}) = 'BLOB' THEN dunesql_hex_text(TRY_CAST(${x} AS BLOB)) ELSE CAST(${x} AS VARCHAR) END`;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Base conversion on lists of little-endian limbs (BIGINT[]), one input digit at a time:
 * limbs·from + digit, with each limb's carry moved up one limb in the same step. Limbs stay
 * below about base + base·from/(base − from) without ever being fully normalized, so nothing
 * overflows; `settle` then carries them exactly, once, from the lowest limb up (its
 * accumulator is [carry, limb, limb, …]: list_reduce keeps one type).
 */
const step = (from: number, base: number) =>
  `(acc, e) -> list_transform(acc, (l, i) -> mod(l * ${from} + CASE WHEN i = 1 THEN e[1] ELSE 0 END, ${base})
    + CASE WHEN i > 1 THEN divide(acc[i - 1] * ${from} + CASE WHEN i = 2 THEN e[1] ELSE 0 END, ${base}) ELSE 0 END)`;
const settle = (limbs: string, base: number) =>
  `list_reduce(list_transform(${limbs}, l -> [l]), (acc, e) -> list_concat([divide(acc[1] + e[1], ${base})], list_append(acc[2:], mod(acc[1] + e[1], ${base}))), [CAST(0 AS BIGINT)])[2:]`;
const zeros = (n: string) => `list_transform(range(${n}), z -> CAST(0 AS BIGINT))`;

export const HOSTED_MACROS: string[] = [
  `CREATE OR REPLACE MACRO dunesql_get_href(link, text) AS '<a href="' || link || '" target="_blank">' || text || '</a>'`,
  `CREATE OR REPLACE MACRO dunesql_get_chain_explorer(chain) AS CASE lower(chain) ` +
    EXPLORERS.map(([c, url]) => `WHEN '${c}' THEN '${url}'`).join(' ') +
    ' END',
  `CREATE OR REPLACE MACRO dunesql_get_chain_explorer_address(chain, address) AS dunesql_get_chain_explorer(chain) || '/address/' || ${asText('address')}`,
  `CREATE OR REPLACE MACRO dunesql_get_chain_explorer_tx_hash(chain, hash) AS dunesql_get_chain_explorer(chain) || '/tx/' || ${asText('hash')}`,
  // Base58: each leading '1' is a zero byte; the rest is one big-endian number in base 58.
  `CREATE OR REPLACE MACRO dunesql_base58_digits(s) AS list_transform(string_split(s, ''), c -> CASE
  WHEN instr('${BASE58}', c) = 0 THEN dunesql_raise('from_base58: ''' || c || ''' is not a base58 character')
  ELSE [CAST(instr('${BASE58}', c) - 1 AS BIGINT)] END)`,
  // The argument is bound once (a one-element list_transform): a nested call would otherwise be
  // computed once per use of the parameter.
  `CREATE OR REPLACE MACRO dunesql_from_base58(s) AS list_transform([s], text58 -> CASE WHEN text58 IS NULL THEN NULL ELSE unhex(
  repeat('00', length(regexp_extract(text58, '^1*'))) ||
  regexp_replace(array_to_string(list_transform(list_reverse(${settle(
    `list_reduce(dunesql_base58_digits(text58), ${step(58, 256)}, ${zeros('length(text58) + 2')})`,
    256,
  )}), byte -> lpad(lower(to_base(byte, 16)), 2, '0')), ''), '^(00)+', '')) END)[1]`,
  // Limbs in base 58² (3364 > 256 keeps them bounded), each split into two base58 digits.
  `CREATE OR REPLACE MACRO dunesql_to_base58(b) AS list_transform([b], bytes58 -> CASE WHEN bytes58 IS NULL THEN NULL ELSE
  repeat('1', divide(length(regexp_extract(hex(bytes58), '^(00)*')), 2)) ||
  ltrim(array_to_string(list_transform(list_reverse(${settle(
    `list_reduce(list_transform(regexp_extract_all(hex(bytes58), '..'), h -> [CAST(('0x' || h) AS BIGINT)]), ${step(256, 3364)}, ${zeros('octet_length(bytes58) + 2')})`,
    3364,
  )}), l -> substr('${BASE58}', divide(l, 58) + 1, 1) || substr('${BASE58}', mod(l, 58) + 1, 1)), ''), '1') END)[1]`,
];

export const HOSTED_FUNCTIONS: DuneFunction[] = [
  macro(
    'get_href',
    'get_href(link varchar, text varchar) → varchar',
    'An HTML link to link showing text (`<a href="…" target="_blank">…</a>`), which result tables show as a link.',
  ),
  macro(
    'get_chain_explorer',
    'get_chain_explorer(chain varchar) → varchar',
    'The URL of the block explorer of chain (`ethereum`, `arbitrum`, `base`, …); NULL for a chain Strata does not know.',
  ),
  macro(
    'get_chain_explorer_address',
    'get_chain_explorer_address(chain varchar, address varbinary | varchar) → varchar',
    'The URL of address on the block explorer of chain (`https://etherscan.io/address/0x…`); NULL for an unknown chain.',
  ),
  macro(
    'get_chain_explorer_tx_hash',
    'get_chain_explorer_tx_hash(chain varchar, hash varbinary | varchar) → varchar',
    'The URL of transaction hash on the block explorer of chain; NULL for an unknown chain.',
  ),
  macro(
    'from_base58',
    'from_base58(s varchar) → varbinary',
    'The bytes written in base58 in s (Bitcoin’s alphabet, as Solana uses it): each leading `1` is a zero byte. A character outside the alphabet fails.',
  ),
  macro(
    'to_base58',
    'to_base58(x varbinary) → varchar',
    'x written in base58 (Bitcoin’s alphabet), each leading zero byte as `1`.',
  ),
  ...[
    ['get_balancer_link', 'get_balancer_link(chain varchar, pool_id varbinary) → varchar'],
    ['all_evm_chains', 'all_evm_chains() → array(varchar)'],
    ['all_op_chains', 'all_op_chains() → array(varchar)'],
  ].map(([name, signature]) =>
    unsupported(
      name!,
      signature!,
      'Not supported on Strata: its answer is the hosted service’s own list.',
    ),
  ),
  ...[
    ['http_get', 'http_get(url varchar[, headers array(varchar)]) → varchar'],
    ['http_post', 'http_post(url varchar, body varchar[, headers array(varchar)]) → varchar'],
  ].map(([name, signature]) =>
    unsupported(name!, signature!, 'Not supported on Strata: queries cannot reach the network.'),
  ),
  ...[
    ['decode_evm_event', 'decode_evm_event(abi, input) → table'],
    ['decode_evm_function_call', 'decode_evm_function_call(abi, input) → table'],
  ].map(([name, signature]) =>
    unsupported(
      name!,
      signature!,
      'Not supported on Strata: read the fields with varbinary_substring and varbinary_to_uint256.',
    ),
  ),
  ...[
    ['from_base58_ss58', 'ss58 addresses'],
    ['to_tron_address', 'Tron addresses'],
    ['from_tron_address', 'Tron addresses'],
    ['ton_address_raw_to_user_friendly', 'TON addresses'],
    ['ton_address_user_friendly_to_raw', 'TON addresses'],
  ].map(([name, what]) =>
    unsupported(name!, `${name}(…)`, `Not supported on Strata: no codec for ${what}.`),
  ),
];
