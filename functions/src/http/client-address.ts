import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';

/**
 * Where a request's client address is read (docs/security.md "What the forwarding headers hold").
 *
 * Deployed, every request reaches the function through Google's front end, which APPENDS the
 * address it saw to X-Forwarded-For: the last entry is the one no client can choose, everything
 * left of it is whatever the client sent. On the function's own URL that last entry is the
 * client. Through Firebase Hosting it is Hosting's own hop (a Google address), and the entry
 * before it is the visitor, written by Hosting. So the entry before the last is believed only
 * when the last is one of `trustedProxies`; otherwise the last entry is the client. Counting
 * hops instead (the entry N from the right) let a direct call choose its key by sending one
 * made-up entry.
 */
export interface ClientAddressSource {
  /** The header Google's front end appends to, lower case; null: the socket address (local runs: no proxy). */
  header: string | null;
  /** CIDR ranges of the proxy in front of Google's front end (Firebase Hosting's hop), whose entry before theirs is believed. */
  trustedProxies: readonly string[];
}

/**
 * Google's own address blocks, without those Google Cloud customers are given: goog.json of
 * 2024-04-25 (www.gstatic.com/ipranges) less every block a virtual machine, load balancer or
 * other customer resource can send from (34.0.0.0/9 and the rest of cloud.json's blocks); of
 * 35.184.0.0/13 and 130.211.0.0/16 only Google's front-end proxy ranges 35.191.0.0/16 and
 * 130.211.0.0/22 are kept. Blocks whose use was not clear are left out: an unlisted hop makes
 * its visitors share one count (and is logged), a wrongly listed one would let its senders
 * choose their key. TRUSTED_PROXY_RANGES replaces the list.
 */
export const GOOGLE_OWN_RANGES: readonly string[] = [
  '8.8.4.0/24',
  '8.8.8.0/24',
  '35.191.0.0/16',
  '64.15.112.0/20',
  '64.233.160.0/19',
  '66.22.228.0/23',
  '66.102.0.0/20',
  '66.249.64.0/19',
  '70.32.128.0/19',
  '72.14.192.0/18',
  '74.125.0.0/16',
  '108.170.192.0/18',
  '108.177.0.0/17',
  '130.211.0.0/22',
  '142.250.0.0/15',
  '172.217.0.0/16',
  '172.253.0.0/16',
  '173.194.0.0/16',
  '192.178.0.0/15',
  '208.65.152.0/22',
  '208.117.224.0/19',
  '209.85.128.0/17',
  '216.58.192.0/19',
  '216.239.32.0/19',
  '2001:4860::/32',
  '2404:6800::/32',
  '2607:f8b0::/32',
  '2800:3f0::/32',
  '2a00:1450::/32',
  '2c0f:fb50::/32',
];

/** Deployed: Google's front end appends to X-Forwarded-For; Firebase Hosting's hop is one of Google's own addresses. */
export const DEPLOYED_CLIENT_ADDRESS: ClientAddressSource = { header: 'x-forwarded-for', trustedProxies: GOOGLE_OWN_RANGES };
/** Local runs: no proxy appends anything, so the header is whatever the client sent; the socket address counts. */
export const SOCKET_CLIENT_ADDRESS: ClientAddressSource = { header: null, trustedProxies: [] };

/** Parses one header entry as an address (IPv4 in four decimal parts, or IPv6; an IPv4-mapped IPv6 is its IPv4), or null. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return null;
  const address = ipaddr.IPv6.parse(text);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** Parses CIDR ranges once; a range that is not one throws, naming it (a configuration error, at start-up). */
export function parseRanges(ranges: readonly string[]): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return ranges.map((range) => {
    try {
      return ipaddr.parseCIDR(range);
    } catch {
      throw new Error(`"${range}" is not an address range (CIDR, e.g. 35.191.0.0/16 or 2001:4860::/32)`);
    }
  });
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  return ranges.some((range) => range[0].kind() === address.kind() && address.match(range));
}

/**
 * The key a client is counted under: an IPv4 address as it is, an IPv6 address by its /64
 * (one home or phone gets a whole /64 and may use any address in it), anything unparseable as
 * its text (only a local socket's odd name can be that).
 */
export function clientKey(text: string): string {
  const address = parseAddress(text);
  if (!address) return text.slice(0, 100);
  if (address.kind() === 'ipv4') return address.toString();
  const network = new ipaddr.IPv6([...(address as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toRFC5952String()}/64`;
}

export interface ClientAddressReader {
  /** The client's key (see clientKey) for a request. */
  (request: Pick<FastifyRequest, 'headers' | 'socket'>): string;
}

/**
 * Reads the client address as `source` says. `onUntrustedHop` hears of a request that looks
 * forwarded by Hosting (it names the site in X-Forwarded-Host and has an entry before the last)
 * while its last entry is not a trusted proxy: a Hosting hop missing from the list makes every
 * visitor behind it share one count, so the deployment says which address it was.
 */
export function clientAddressReader(source: ClientAddressSource, onUntrustedHop?: (hop: string) => void): ClientAddressReader {
  const trusted = parseRanges(source.trustedProxies);
  return (request) => {
    const socket = request.socket.remoteAddress || 'unknown';
    if (!source.header) return clientKey(socket);
    const raw = request.headers[source.header];
    const entries = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    if (last === undefined) return clientKey(socket);
    const hop = parseAddress(last);
    if (entries.length >= 2 && hop && inRanges(hop, trusted)) return clientKey(entries[entries.length - 2]);
    if (entries.length >= 2 && request.headers['x-forwarded-host']) onUntrustedHop?.(last);
    return clientKey(last);
  };
}
