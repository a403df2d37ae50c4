import { describe, expect, it } from 'vitest';
import { clientAddressFromEnvironment } from '../../src/config.js';
import {
  clientAddressReader,
  clientKey,
  DEPLOYED_CLIENT_ADDRESS,
  GOOGLE_OWN_RANGES,
  parseRanges,
  SOCKET_CLIENT_ADDRESS,
} from '../../src/http/client-address.js';

// Issue 23 item 10: the client is the address Google's front end saw, on the function's own URL
// as through Hosting; what a client writes into X-Forwarded-For never chooses its key.

const request = (forwardedFor?: string, extra: Record<string, string> = {}, socket = '10.0.0.99') => ({
  headers: { ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }), ...extra },
  socket: { remoteAddress: socket },
});
const deployed = clientAddressReader(DEPLOYED_CLIENT_ADDRESS);
/** One of Google's own addresses, as Firebase Hosting's hop appears to the function. */
const HOSTING_HOP = '66.249.66.1';

describe('the client address, deployed', () => {
  it("on the function's own URL is the last entry, whatever the client wrote before it", () => {
    expect(deployed(request('198.51.100.7') as never)).toBe('198.51.100.7');
    expect(deployed(request('made-up, 198.51.100.7') as never)).toBe('198.51.100.7');
    expect(deployed(request('1.2.3.4, 5.6.7.8, 198.51.100.7') as never)).toBe('198.51.100.7');
    // A client claiming Hosting's hop itself is still the address the front end saw.
    expect(deployed(request(`203.0.113.9, ${HOSTING_HOP}, 198.51.100.7`) as never)).toBe('198.51.100.7');
  });

  it("through Hosting is the entry Hosting wrote before its own hop, whatever the client wrote before that", () => {
    expect(deployed(request(`203.0.113.7, ${HOSTING_HOP}`) as never)).toBe('203.0.113.7');
    expect(deployed(request(`evil, 5.6.7.8, 203.0.113.7, ${HOSTING_HOP}`) as never)).toBe('203.0.113.7');
    expect(deployed(request(`203.0.113.7, 2001:4860:4864::5`) as never)).toBe('203.0.113.7');
  });

  it("does not believe an entry before a Google Cloud customer's address (anyone can rent one)", () => {
    expect(deployed(request('made-up, 34.120.1.1') as never)).toBe('34.120.1.1');
    expect(deployed(request('made-up, 35.190.1.1') as never)).toBe('35.190.1.1');
    expect(deployed(request('made-up, 2600:1900:4000::1') as never)).toBe('2600:1900:4000::/64');
  });

  it('falls back to the socket without the header', () => {
    expect(deployed(request() as never)).toBe('10.0.0.99');
    expect(deployed(request(' , ') as never)).toBe('10.0.0.99');
  });

  it('reports, once per address, a Hosting-looking request from a hop it does not trust', () => {
    const heard: string[] = [];
    const read = clientAddressReader(DEPLOYED_CLIENT_ADDRESS, (hop) => heard.push(hop));
    read(request('203.0.113.7, 192.0.2.1', { 'x-forwarded-host': 'events.example.org' }) as never);
    read(request(`203.0.113.7, ${HOSTING_HOP}`, { 'x-forwarded-host': 'events.example.org' }) as never);
    read(request('made-up, 192.0.2.2') as never);
    expect(heard).toEqual(['192.0.2.1']);
  });
});

describe('the key a client is counted under', () => {
  it('is an IPv6 address by its /64: one home or phone has the whole /64', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(deployed(request('2001:db8:1:2:aaaa::7') as never)).toBe(deployed(request('made-up, 2001:db8:1:2:bbbb::9') as never));
  });

  it('is an IPv4 address as it is, also when written IPv4-mapped', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('is anything else as its text, cut short', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('x'.repeat(500))).toHaveLength(100);
  });
});

describe('the client address, locally', () => {
  it('is the socket: no proxy appends anything there, so the header is only what the client sent', () => {
    expect(clientAddressReader(SOCKET_CLIENT_ADDRESS)(request('1.2.3.4') as never)).toBe('10.0.0.99');
  });
});

describe('configuration', () => {
  it("defaults to Google's front end and own ranges deployed, and to the socket locally", () => {
    expect(clientAddressFromEnvironment({}, false)).toEqual(DEPLOYED_CLIENT_ADDRESS);
    expect(clientAddressFromEnvironment({}, true)).toEqual(SOCKET_CLIENT_ADDRESS);
  });

  it('takes the header and the trusted ranges from CLIENT_IP_HEADER and TRUSTED_PROXY_RANGES', () => {
    expect(clientAddressFromEnvironment({ CLIENT_IP_HEADER: 'X-Real-IP', TRUSTED_PROXY_RANGES: '10.0.0.0/8, 2001:db8::/32' }, false)).toEqual({
      header: 'x-real-ip',
      trustedProxies: ['10.0.0.0/8', '2001:db8::/32'],
    });
  });

  it('refuses a range that is not one, and the hop count it replaced', () => {
    expect(() => clientAddressFromEnvironment({ TRUSTED_PROXY_RANGES: '10.0.0.0/8, ten' }, false)).toThrow(/TRUSTED_PROXY_RANGES: "ten" is not an address range/);
    expect(() => clientAddressFromEnvironment({ TRUSTED_PROXY_HOPS: '2' }, false)).toThrow(/TRUSTED_PROXY_HOPS is no longer read/);
  });

  it("Google's own ranges parse, and none is a block Google Cloud customers send from", () => {
    const ranges = parseRanges(GOOGLE_OWN_RANGES);
    expect(ranges).toHaveLength(GOOGLE_OWN_RANGES.length);
    const read = clientAddressReader(DEPLOYED_CLIENT_ADDRESS);
    for (const customer of ['34.0.0.1', '34.127.255.1', '35.184.0.1', '35.190.255.1', '104.154.0.1', '130.211.4.1', '146.148.0.1', '2600:1900::1']) {
      expect(read(request(`made-up, ${customer}`) as never), customer).not.toBe('made-up');
    }
  });
});
