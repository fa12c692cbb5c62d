import { BlockList, isIP } from 'node:net';
import type { Settings } from './settings.ts';

/** The config item (group basics) holding banned addresses: one IP or CIDR range per line. */
export const NO_ACCESS_IP = 'no_access_ip';

export interface ParsedIpList {
  list: BlockList;
  /** Number of addresses and ranges in the list. */
  size: number;
  /** Lines that are neither an address nor a range. */
  invalid: string[];
}

/** `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`; blank lines are skipped. */
export function parseIpList(text: string): ParsedIpList {
  const list = new BlockList();
  const invalid: string[] = [];
  let size = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const [address = '', prefix] = line.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? null : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || (bits !== null && (!/^\d{1,3}$/.test(prefix!) || bits > max))) {
      invalid.push(line);
      continue;
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === null) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
    size++;
  }
  return { list, size, invalid };
}

/** Whether the list holds an address (IPv4-mapped IPv6 addresses count as their IPv4 one). */
export function listHolds(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The `no_access_ip` setting, enforced on every request (reference: a match gets 403). The parsed list is
 * kept until the settings change, and can be asked synchronously by the page-cache fast path.
 */
export class IpBan {
  /** The parsed setting, or null until loaded (again) after a settings change. */
  private current: ParsedIpList | null = null;
  private generation = 0;

  constructor(private readonly settings: Settings) {
    settings.onInvalidate(() => {
      this.current = null;
      this.generation++;
    });
  }

  /** The answer without waiting, or null while the list is not loaded (then ask `blocks`). */
  blocksNow(ip: string): boolean | null {
    if (!this.current) return null;
    return this.current.size > 0 && listHolds(this.current.list, ip);
  }

  async blocks(ip: string): Promise<boolean> {
    let parsed = this.current;
    if (!parsed) {
      const generation = this.generation;
      parsed = parseIpList(await this.settings.get(NO_ACCESS_IP));
      // A settings change while loading makes this list stale: it serves this request only.
      if (generation === this.generation) this.current = parsed;
    }
    return parsed.size > 0 && listHolds(parsed.list, ip);
  }
}
