import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Refusal } from '../errors.ts';

/**
 * Outbound connections to addresses an admin chose (mail server, SMS gateways, payment gateways): the host
 * is resolved, every address it resolves to is checked, and the connection goes to the checked address, so
 * a name that answers differently the second time (DNS rebinding) cannot slip past the check.
 */

/** The config switch that lets gateways live on loopback and private networks (an intranet gateway). */
export const ALLOW_PRIVATE_SETTING = 'outbound_allow_private';

export type AddressKind = 'metadata' | 'loopback' | 'private' | 'linkLocal' | 'unspecified' | 'multicast' | 'reserved';

/** What the intranet switch lets through; every other kind is refused whatever the settings say. */
const INTRANET_KINDS: ReadonlySet<AddressKind> = new Set(['loopback', 'private']);

type Family = 'ipv4' | 'ipv6';

/** Checked in this order: the metadata addresses sit inside private ranges and must win over them. */
const RANGES: [AddressKind, Family, string, number][] = [
  // Alibaba Cloud's instance metadata (inside 100.64/10), Azure's wire server, AWS's IPv6 metadata (inside fc00::/7).
  ['metadata', 'ipv4', '100.100.100.200', 32],
  ['metadata', 'ipv4', '168.63.129.16', 32],
  ['metadata', 'ipv6', 'fd00:ec2::254', 128],
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['loopback', 'ipv6', '::1', 128],
  // 169.254.169.254 (AWS, GCP, Azure, Huawei...) and Tencent Cloud's 169.254.0.23 are link-local.
  ['linkLocal', 'ipv4', '169.254.0.0', 16],
  ['linkLocal', 'ipv6', 'fe80::', 10],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['private', 'ipv4', '198.18.0.0', 15],
  ['private', 'ipv6', 'fc00::', 7],
  ['private', 'ipv6', 'fec0::', 10],
  ['private', 'ipv6', '64:ff9b:1::', 48],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['multicast', 'ipv6', 'ff00::', 8],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '192.0.2.0', 24],
  ['reserved', 'ipv4', '198.51.100.0', 24],
  ['reserved', 'ipv4', '203.0.113.0', 24],
  ['reserved', 'ipv6', '100::', 64],
  ['reserved', 'ipv6', '2001::', 23],
  ['reserved', 'ipv6', '2001:db8::', 32],
];

const LISTS = RANGES.map(([kind, family, network, prefix]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { kind, family, list };
});

/** The eight 16-bit groups of a valid IPv6 address (a zone and a dotted IPv4 tail allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':').map((g) => parseInt(g, 16)) : [];
  const right = rest ? rest.split(':').map((g) => parseInt(g, 16)) : [];
  const zeros = new Array<number>(8 - tail.length - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right, ...tail];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 well-known prefix, 6to4), if any. */
function embeddedIpv4(g: number[]): string | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (zeroUpTo(6) && (g[6] !== 0 || g[7]! > 1)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** What kind of special address this is; null for an ordinary public one. */
export function addressKind(address: string): AddressKind | null {
  let family: Family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  let checked = address.split('%')[0]!;
  if (family === 'ipv6') {
    const inner = embeddedIpv4(ipv6Groups(checked));
    if (inner) [family, checked] = ['ipv4', inner];
  }
  return LISTS.find((l) => l.family === family && l.list.check(checked, family))?.kind ?? null;
}

/** An address a destination resolved to that outbound connections may not reach. */
export class OutboundRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    super(host === address ? `${address} is a ${kind} address, which outbound connections may not reach` : `${host} resolves to ${address}, a ${kind} address, which outbound connections may not reach`);
    this.name = 'OutboundRefused';
  }

  /** Whether the intranet switch would let it through. */
  get intranet(): boolean {
    return INTRANET_KINDS.has(this.kind);
  }
}

/** The destination did not answer within the time allowed. */
export class OutboundTimeout extends Error {
  constructor() {
    super('no answer in time');
    this.name = 'OutboundTimeout';
  }
}

/** The refusal an admin sees when a destination they save or test resolves to a refused address. */
export function addressRefusal(err: OutboundRefused): Refusal {
  const target = err.host === err.address ? err.host : `${err.host} (${err.address})`;
  return new Refusal(err.intranet ? 'outbound:intranetRefused' : 'outbound:addressRefused', 0, null, { target });
}

export interface OutboundInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Providers answer in a few kilobytes; a gateway that streams more is cut off rather than held in memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  return headers;
}

/** A URL's host as the resolver takes it (IPv6 literals lose their brackets). */
export function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}

export class Outbound {
  /** `allowIntranet` reads the intranet switch at each use, so a change applies at once. */
  constructor(private readonly allowIntranet: () => Promise<boolean>) {}

  /**
   * Resolves `host` and checks every address it has (one refused address refuses the name: the system
   * resolver may hand out any of them). Returns the address to connect to; throws OutboundRefused, or the
   * resolver's error for a name that does not resolve. `allowIntranet` overrides the saved switch.
   */
  async resolve(host: string, allowIntranet?: boolean): Promise<LookupAddress> {
    const name = host.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(name);
    const addresses = family ? [{ address: name, family }] : await lookup(name, { all: true, verbatim: true });
    const intranet = allowIntranet ?? (await this.allowIntranet());
    for (const { address } of addresses) {
      const kind = addressKind(address);
      if (kind && !(intranet && INTRANET_KINDS.has(kind))) throw new OutboundRefused(name, address, kind);
    }
    return addresses[0]!;
  }

  /**
   * Checks a destination as it is saved: its refusal, or null. A name that does not resolve now is let
   * through (DNS may be down for a moment); every connection checks again.
   */
  async refusal(host: string, allowIntranet?: boolean): Promise<OutboundRefused | null> {
    try {
      await this.resolve(host, allowIntranet);
      return null;
    } catch (err) {
      if (err instanceof OutboundRefused) return err;
      return null;
    }
  }

  /**
   * One HTTP(S) request to a checked address: the connection is pinned to the address the check passed
   * (TLS still verifies the certificate against the host name), redirects are not followed (a 3xx is the
   * answer), no connection is kept for reuse, and the whole exchange has `timeoutMs`.
   */
  async request(url: string, init: OutboundInit): Promise<OutboundResponse> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`unsupported protocol ${target.protocol}`);
    const checked = await this.resolve(target.hostname);
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [checked]);
      else callback(null, checked.address, checked.family);
    };
    // Loaded on the first request, like nodemailer: an idle server never needs TLS client code.
    const { request } = target.protocol === 'https:' ? await import('node:https') : await import('node:http');
    const headers = { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) };
    return new Promise<OutboundResponse>((resolve, reject) => {
      const req = request(target, { method: init.method, headers, lookup: pinned, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: headersOf(res.headers), text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      const timer = setTimeout(() => req.destroy(new OutboundTimeout()), init.timeoutMs);
      req.on('error', reject);
      req.on('close', () => clearTimeout(timer));
      req.end(init.body);
    });
  }
}
