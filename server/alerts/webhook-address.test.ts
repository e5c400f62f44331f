import { describe, expect, it } from 'vitest';
import { isPrivateAddress, parseWebhookUrl, resolveWebhook } from './webhook-address.js';

describe('isPrivateAddress', () => {
  it('refuses private, loopback, link-local and other non-public IPv4', () => {
    for (const ip of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it('lets public IPv4 through', () => {
    for (const ip of ['1.1.1.1', '8.8.8.8', '172.32.0.1', '172.15.255.255', '100.128.0.1'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses loopback, unique-local, link-local and mapped private IPv6', () => {
    for (const ip of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2001:db8::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it('lets public IPv6 through, and refuses what is not an address', () => {
    expect(isPrivateAddress('2606:4700:4700::1111')).toBe(false);
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isPrivateAddress('example.com')).toBe(true);
  });
});

describe('webhook URLs', () => {
  it('must be http or https URLs', () => {
    expect(parseWebhookUrl(' https://hooks.example.com/x ').hostname).toBe('hooks.example.com');
    expect(() => parseWebhookUrl('ftp://example.com/')).toThrow(/use http or https/);
    expect(() => parseWebhookUrl('not a url')).toThrow(/not a URL/);
    expect(() => parseWebhookUrl('file:///etc/passwd')).toThrow(/use http or https/);
  });

  it('are refused when any address the host resolves to is private, unless allowed', async () => {
    const lookup = async (host: string) =>
      host === 'mixed.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }];
    const url = (u: string) => parseWebhookUrl(u);
    await expect(resolveWebhook(url('http://mixed.test/'), false, lookup)).rejects.toThrow(
      /private, loopback or link-local address \(10\.0\.0\.5\)/,
    );
    await expect(resolveWebhook(url('http://mixed.test/'), true, lookup)).resolves.toHaveLength(2);
    await expect(resolveWebhook(url('http://public.test/'), false, lookup)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    await expect(resolveWebhook(url('http://[::1]:8080/'), false, lookup)).rejects.toThrow(
      /\(::1\)/,
    );
    await expect(resolveWebhook(url('http://169.254.169.254/'), false, lookup)).rejects.toThrow(
      /ALERT_ALLOW_PRIVATE_WEBHOOKS/,
    );
    const failing = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    await expect(resolveWebhook(url('http://nowhere.test/'), false, failing)).rejects.toThrow(
      /does not resolve \(ENOTFOUND\)/,
    );
  });
});
