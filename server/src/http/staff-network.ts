import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '@swx/shared/contract';
import { AppError } from './errors';

/** One `STAFF_ALLOWED_CIDRS` entry: an IPv4 or IPv6 address, or a network in CIDR notation. */
interface Network {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

function parseNetwork(entry: string): Network {
  const [address = '', prefixText] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0) throw new Error(`STAFF_ALLOWED_CIDRS: "${entry}" is not an address or CIDR range`);
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max)
    throw new Error(`STAFF_ALLOWED_CIDRS: "${entry}" has a prefix outside 0 to ${max}`);
  return { address, prefix, family };
}

/**
 * `STAFF_ALLOWED_CIDRS`: comma-separated addresses and CIDR ranges (`10.20.0.0/16,192.0.2.7`); unset or
 * empty allows every network (the default). A malformed entry stops the start rather than opening the door.
 */
export function staffNetworksFrom(value: string | undefined): string[] | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  for (const entry of entries) parseNetwork(entry);
  return entries;
}

/** Whether `address` (as Fastify reports the client: through TRUST_PROXY) lies in one of the networks. */
export function staffNetworkAllows(networks: readonly string[], address: string): boolean {
  const list = new net.BlockList();
  for (const entry of networks) {
    const network = parseNetwork(entry);
    list.addSubnet(network.address, network.prefix, network.family);
  }
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d: the IPv4 rules apply to it.
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = net.isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return net.isIP(plain) !== 0 && list.check(plain, family);
}

/** The back office's API (`/swx/admin`) and pages (`/staff`), and nothing else. */
export function isStaffPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return ['/swx/admin', '/staff'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Restricts the back office to the listed networks: every request for `/swx/admin` or `/staff` from
 * elsewhere answers 403 (`staffNetworkRefused`) before any route runs. The client address is Fastify's
 * `request.ip`, which honours `TRUST_PROXY`: behind a load balancer, trust it, or every client is the
 * balancer's address. `deploy/haproxy.cfg` holds the same rule as an ACL.
 */
export function registerStaffNetworkRule(
  app: FastifyInstance,
  networks: readonly string[] | undefined,
): void {
  if (!networks) return;
  const list = [...networks];
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (isStaffPath(request.url) && !staffNetworkAllows(list, request.ip))
      throw new AppError(errors.staffNetworkRefused);
  });
}
