import { describe, expect, it } from 'vitest';
import { duneTestSandbox } from './dunesql-functions-kit.js';

/**
 * Trino's string, regular-expression, JSON, math, bitwise and conditional functions and the
 * hosted service's link helpers, as DuneSQL on a DuckDB set up as a DuneSQL sandbox.
 */

const { row, value, error } = duneTestSandbox();

const WETH = 'c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';

describe('strings', () => {
  it('length and substr count characters of text and bytes of varbinary', async () => {
    expect(
      await row(`SELECT length('héllo'), length(0x${WETH}), substr('hello', 2, 3),
        substr('hello', -3), substr('hello', 0), substring('hello', 2),
        substr(0x${WETH}, 1, 4), substr(0x${WETH}, -2), length(NULL)`),
    ).toEqual(['5', '20', 'ell', 'llo', '', 'ello', '0xc02aaa39', '0x6cc2', null]);
    expect(await error(`SELECT length(ARRAY[1, 2])`)).toMatch(
      /length takes a varchar or a varbinary/,
    );
  });

  it('split_part is NULL past the last piece; split, strpos, position', async () => {
    expect(
      await row(`SELECT split_part('a,b,c', ',', 2), split_part('a,b,c', ',', 5), split('a,b,,c', ','),
        strpos('hello', 'l'), strpos('hello', 'z'), position('lo' IN 'hello')`),
    ).toEqual(['b', null, ['a', 'b', '', 'c'], '3', '0', '4']);
  });

  it('replace without a replacement removes; strpos finds the n-th instance; split takes a limit', async () => {
    expect(
      await row(`SELECT replace('0x-ab-cd', '-'), replace('aaa', 'a', 'bb'), strpos('high', 'h', 2),
        strpos('high', 'h', -1), strpos('high', 'h', 3), split('a.b.c.d', '.', 2)`),
    ).toEqual(['0xabcd', 'bbbbbb', '4', '4', '0', ['a', 'b.c.d']]);
  });

  it('concat_ws joins strings or an array, skipping NULLs', async () => {
    expect(
      await row(`SELECT concat_ws(', ', 'a', NULL, 'b'), concat_ws('/', ARRAY['x', NULL, 'z']),
        concat_ws(NULL, 'a', 'b')`),
    ).toEqual(['a, b', 'x/z', null]);
  });

  it('from_utf8 replaces what is not UTF-8 instead of failing', async () => {
    expect(
      await row(`SELECT from_utf8(0x48ff49), from_utf8(0x48ff49, '?'), from_utf8(0xc3a9)`),
    ).toEqual(['H\uFFFDI', 'H?I', 'é']);
  });

  it('codepoint, chr, levenshtein_distance, hamming_distance, initcap, normalize', async () => {
    expect(
      await row(`SELECT codepoint('A'), chr(233), levenshtein_distance('kitten', 'sitting'),
        hamming_distance('abc', 'abd'), initcap('hellO woRld-wide'), "left"('123456', 2),
        "right"('123456', 2), reverse('abc'), lpad('7', 3, '0'), translate('abc', 'ab', 'xy')`),
    ).toEqual([65, 'é', '3', '1', 'Hello World-Wide', '12', '56', 'cba', '007', 'xyc']);
  });

  it('format is printf-style', async () => {
    expect(
      await row(`SELECT format('%s has %d holders', 'WETH', 1200), format('%.2f', 3.14159),
        format('%,d', 1234567), format('%05d|%x', 42, 255)`),
    ).toEqual(['WETH has 1200 holders', '3.14', '1,234,567', '00042|ff']);
  });

  it('url_extract_* take a URL apart', async () => {
    const url = `'https://user@app.example.org:8443/swap/v2?chain=base&token=0xabc#top'`;
    expect(
      await row(`SELECT url_extract_protocol(${url}), url_extract_host(${url}), url_extract_port(${url}),
        url_extract_path(${url}), url_extract_query(${url}), url_extract_fragment(${url}),
        url_extract_parameter(${url}, 'token'), url_extract_parameter(${url}, 'amount'),
        url_extract_port('https://example.org/')`),
    ).toEqual([
      'https',
      'app.example.org',
      '8443',
      '/swap/v2',
      'chain=base&token=0xabc',
      'top',
      '0xabc',
      null,
      null,
    ]);
  });
});

describe('regular expressions', () => {
  it('regexp_like matches anywhere', async () => {
    expect(
      await row(`SELECT regexp_like('1a 2b 14m', '\\d+b'), regexp_like('abc', '^b'),
        regexp_like('ABC', '(?i)^abc$')`),
    ).toEqual([true, false, true]);
  });

  it('regexp_replace replaces every match, with $n for groups', async () => {
    expect(
      await row(`SELECT regexp_replace('1a 2b 14m', '\\d+[ab] '), regexp_replace('aXbXc', 'X', '-'),
        regexp_replace('1a 2b 14m', '(\\d+)([ab]) ', '3c$2 '), regexp_replace('ab12cd34', '(\\d)(\\d)', '$2$1'),
        regexp_replace('price: 5', '(\\d+)', '\\$$1'), regexp_replace('a.b.c', '\\.', '\\\\')`),
    ).toEqual(['14m', 'a-b-c', '3ca 3cb 14m', 'ab21cd43', 'price: $5', 'a\\b\\c']);
    expect(await error(`SELECT regexp_replace('abc', 'b', 'cost $')`)).toMatch(
      /illegal group reference/,
    );
  });

  it('regexp_extract is NULL without a match; _all, _count, _position, _split', async () => {
    expect(
      await row(`SELECT regexp_extract('1a 2b 14m', '\\d+'), regexp_extract('1a 2b 14m', '(\\d+)([a-z]+)', 2),
        regexp_extract('abc', '\\d+'), regexp_extract_all('1a 2b 14m', '\\d+'),
        regexp_count('1a 2b 14m', '\\s*[a-z]+\\s*'), regexp_position('I have 23 apples', '\\d+'),
        regexp_position('no digits', '\\d'), regexp_split('1a 2b 14m', '\\s*[a-z]+\\s*')`),
    ).toEqual(['1', 'a', null, ['1', '2', '14'], '3', '8', '-1', ['1', '2', '14', '']]);
  });
});

describe('JSON', () => {
  const doc = `'{"token": {"symbol": "WETH", "decimals": 18, "tags": ["wrapped", "eth"]}, "ok": true}'`;

  it('json_extract_scalar gives scalars as text and NULL for objects and arrays', async () => {
    expect(
      await row(`SELECT json_extract_scalar(${doc}, '$.token.symbol'),
        json_extract_scalar(${doc}, '$.token.decimals'), json_extract_scalar(${doc}, '$.ok'),
        json_extract_scalar(${doc}, '$.token.tags'), json_extract_scalar(${doc}, '$.token.tags[1]'),
        json_extract_scalar(${doc}, '$.missing')`),
    ).toEqual(['WETH', '18', 'true', null, 'eth', null]);
  });

  it('json_parse, json_extract, json_format, json_array_length and json_array_get', async () => {
    expect(
      await row(`SELECT json_format(json_parse('{ "a" : [1, 2] }')), json_format(json_extract(${doc}, '$.token.tags')),
        json_array_length('[1, 2, 3]'), json_format(json_array_get('["a", "b", "c"]', 0)),
        json_format(json_array_get('["a", "b", "c"]', -1)), json_array_get('[1]', 5),
        json_array_contains('[1, 2, 3]', 2), json_array_contains('["a"]', 'b'),
        json_size(${doc}, '$.token'), json_size(${doc}, '$.token.tags'), is_json_scalar('1')`),
    ).toEqual([
      '{"a":[1,2]}',
      '["wrapped","eth"]',
      '3',
      '"a"',
      '"c"',
      null,
      true,
      false,
      '3',
      '2',
      true,
    ]);
    expect(await error(`SELECT json_parse('{not json')`)).toMatch(/JSON/);
  });

  it('json_value, json_query and json_exists take SQL/JSON paths', async () => {
    expect(
      await row(`SELECT json_value(${doc}, 'lax $.token.symbol'), json_format(json_query(${doc}, 'strict $.token.tags')),
        json_exists(${doc}, 'lax $.token.decimals'), json_exists(${doc}, '$.nope')`),
    ).toEqual(['WETH', '["wrapped","eth"]', true, false]);
  });
});

describe('math', () => {
  it('truncate, is_nan, nan(), infinity(), e()', async () => {
    expect(
      await row(`SELECT truncate(-3.7), truncate(3.789, 2), is_nan(nan()), is_nan(1.0),
        is_finite(infinity()), is_infinite(-infinity()), infinity() > 1e308, round(e(), 5)`),
    ).toEqual(['-3', '3.78', true, false, false, true, true, 2.71828]);
  });

  it('normal_cdf to about 14 digits', async () => {
    const [a, b, c, d] = (await row(`SELECT normal_cdf(0, 1, 1.96), normal_cdf(10, 2, 4),
      normal_cdf(0, 1, 0), normal_cdf(0, 1, 5)`)) as number[];
    expect(a).toBeCloseTo(0.9750021048517795, 14);
    expect(b).toBeCloseTo(0.0013498980316300957, 14);
    expect(c).toBe(0.5);
    expect(d).toBeCloseTo(0.9999997133484281, 14);
    expect(await error(`SELECT normal_cdf(0, 0, 1)`)).toMatch(/standard deviation must be > 0/);
  });

  it('rand and random: doubles in [0, 1), integers below n, a new value per row', async () => {
    const [inRange, below, distinct] =
      await row(`SELECT bool_and(r >= 0 AND r < 1), bool_and(n >= 0 AND n < 6),
      count(DISTINCT r) FROM (SELECT rand() AS r, random(6) AS n FROM UNNEST(sequence(1, 100)))`);
    expect([inRange, below]).toEqual([true, true]);
    expect(Number(distinct)).toBeGreaterThan(90);
  });

  it('bitwise_* on 64 bits, shifts as Trino (logical right shift, wrapping left shift)', async () => {
    expect(
      await row(`SELECT bitwise_and(12, 10), bitwise_or(12, 10), bitwise_xor(12, 10), bitwise_not(5),
        bitwise_left_shift(1, 63), bitwise_right_shift(-8, 1), bitwise_right_shift_arithmetic(-8, 1),
        bit_count(9, 64), bit_count(-7, 64), bit_count(-7, 8)`),
    ).toEqual([
      '8',
      '14',
      '6',
      '-6',
      '-9223372036854775808',
      '9223372036854775804',
      '-4',
      '2',
      '62',
      '6',
    ]);
    expect(
      await row(`SELECT bitwise_and_agg(x), bitwise_or_agg(x) FROM (VALUES (12), (10)) t(x)`),
    ).toEqual([8, 14]);
  });

  it('width_bucket and to_base', async () => {
    expect(
      await row(`SELECT width_bucket(5.3, 0.2, 10.6, 5), width_bucket(-1, 0, 10, 5),
        width_bucket(10, 0, 10, 5), to_base(255, 16)`),
    ).toEqual(['3', '0', '6', 'ff']);
  });
});

describe('conditionals', () => {
  it('if takes two or three arguments and computes only the branch it takes', async () => {
    expect(
      await row(`SELECT if(1 < 2, 'yes', 'no'), if(1 > 2, 'yes'), if(true, 1, 1 / 0),
        coalesce(NULL, 2), nullif(1, 1), try(CAST('x' AS integer))`),
    ).toEqual(['yes', null, 1, 2, null, null]);
  });
});

describe('the hosted service’s link helpers', () => {
  it('get_href makes a link; get_chain_explorer_* give explorer URLs', async () => {
    expect(
      await row(`SELECT get_href('https://dune.com', 'Dune'), get_chain_explorer('arbitrum'),
        get_chain_explorer_address('ethereum', 0x${WETH}),
        get_chain_explorer_address('base', '0x${WETH}'),
        get_chain_explorer_tx_hash('optimism', 0xab), get_chain_explorer('nowhere')`),
    ).toEqual([
      '<a href="https://dune.com" target="_blank">Dune</a>',
      'https://arbiscan.io',
      `https://etherscan.io/address/0x${WETH}`,
      `https://basescan.org/address/0x${WETH}`,
      'https://optimistic.etherscan.io/tx/0xab',
      null,
    ]);
    expect(
      await value(`SELECT get_href(get_chain_explorer_address('ethereum', 0x${WETH}), 'WETH')`),
    ).toBe(`<a href="https://etherscan.io/address/0x${WETH}" target="_blank">WETH</a>`);
  });
});
