import dns from 'node:dns';
import net from 'node:net';
import { invalid } from '../errors.js';

/**
 * Where a webhook may point. Private, loopback, link-local, unique-local and other non-public
 * addresses are refused (unless ALERT_ALLOW_PRIVATE_WEBHOOKS), at creation and again at each
 * delivery after DNS resolution: the connection then goes to the address that was checked, so a
 * name that resolves elsewhere the second time (DNS rebinding) reaches nothing private.
 */

/** IPv4 ranges that are not the public internet: [network, prefix length]. */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (v4ToInt(base) & mask) >>> 0;
  });
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes two groups). */
function v6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4ToInt(tail[1]!);
    text = `${text.slice(0, tail.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const a = part(head);
  const b = rest === undefined ? [] : part(rest);
  return [...a, ...new Array<number>(8 - a.length - b.length).fill(0), ...b];
}

const groupsToV4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(8)) return true; // ::
  if (zeroUntil(7) && g[7] === 1) return true; // ::1
  if (zeroUntil(5) && g[5] === 0xffff) return v4Blocked(groupsToV4(g[6]!, g[7]!)); // v4-mapped
  if (zeroUntil(6)) return v4Blocked(groupsToV4(g[6]!, g[7]!)); // v4-compatible (deprecated)
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (nat64) return v4Blocked(groupsToV4(g[6]!, g[7]!));
  if (g[0] === 0x2002) return v4Blocked(groupsToV4(g[1]!, g[2]!)); // 6to4
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && g[1] === 0xdb8) return true; // documentation
  return false;
}

/** Whether an IP address is not on the public internet (private, loopback, link-local...). */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip.split('%')[0]!);
  if (family === 4) return v4Blocked(ip);
  if (family === 6) return v6Blocked(ip);
  return true; // not an address at all: never connect to it
}

/** A webhook URL: http or https, with a host; else 400 naming what is wrong. */
export function parseWebhookUrl(raw: string): URL {
  const shown = raw.length > 100 ? `${raw.slice(0, 100)}...` : raw;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid(`invalid webhook url "${shown}": not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid(`invalid webhook url "${shown}": use http or https`);
  if (!url.hostname) throw invalid(`invalid webhook url "${shown}": no host`);
  return url;
}

export type Resolved = { address: string; family: number };
export type LookupAll = (host: string) => Promise<Resolved[]>;

const lookupAll: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The host of a URL without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a webhook's host resolves to, every one of them public unless `allowPrivate`;
 * otherwise 400 naming the address (a host that does not resolve is 400 too).
 */
export async function resolveWebhook(
  url: URL,
  allowPrivate: boolean,
  lookup: LookupAll = lookupAll,
): Promise<Resolved[]> {
  const host = bareHost(url);
  const literal = net.isIP(host);
  let addresses: Resolved[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'error';
      throw invalid(`webhook host "${host}" does not resolve (${code})`);
    }
    if (!addresses.length) throw invalid(`webhook host "${host}" does not resolve`);
  }
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked)
      throw invalid(
        `webhook host "${host}" is a private, loopback or link-local address (${blocked.address}); such targets are refused unless ALERT_ALLOW_PRIVATE_WEBHOOKS=true`,
      );
  }
  return addresses;
}
