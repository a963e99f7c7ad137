import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { developmentRules, type Config } from '@server/config';

/**
 * Where the server may post a vendor's webhooks (decision 035). A vendor types the address, so an
 * attacker with an Enterprise account must not make the server call the machine itself, the cloud
 * provider's metadata service or the private network behind it. Outside development (NODE_ENV) an
 * address must be https and every address its name resolves to must be public; the delivery then
 * connects to the very address that was checked, so a name that changes its answer in between
 * (DNS rebinding) gains nothing.
 */

export interface WebhookTargetPolicy {
  /** Development rules (NODE_ENV development or test, never guessed from PUBLIC_URL): http and private addresses allowed. */
  allowPrivateNetworks: boolean;
  /** ALLOW_LOOPBACK_TARGETS_FOR_TESTS: this machine's loopback addresses, over http or https, and nothing else private. */
  allowLoopback: boolean;
}

export function webhookTargetPolicy(config: Pick<Config, 'env' | 'allowLoopbackTargetsForTests'>): WebhookTargetPolicy {
  return { allowPrivateNetworks: developmentRules(config), allowLoopback: config.allowLoopbackTargetsForTests };
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/**
 * IPv4-compatible (::/96, deprecated) and IPv4-mapped (::ffff:0:0/96) addresses in a spelling the
 * checks below do not turn back into IPv4: refused whole. A list of their own, checked for IPv6
 * addresses only, because Node's BlockList matches every IPv4 address against ::ffff:0:0/96.
 */
const embeddedIpv4 = new BlockList();
embeddedIpv4.addSubnet('::', 96, 'ipv6');
embeddedIpv4.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Loopback, private, link-local (the metadata service), shared, documentation, multicast or reserved. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, 'ipv4');
  if (version === 6) {
    // ::ffff:7f00:1 written in hex is 127.0.0.1 as well.
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
    if (hexMapped) {
      const high = parseInt(hexMapped[1]!, 16);
      const low = parseInt(hexMapped[2]!, 16);
      return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
    }
    return blocked.check(bare, 'ipv6') || embeddedIpv4.check(bare, 'ipv6');
  }
  return true;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** This machine's loopback: 127.0.0.0/8 (also IPv4-mapped) and ::1; a name is not an address. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return loopback.check(mapped[1]!, 'ipv4');
  const version = isIP(bare);
  if (version === 4) return loopback.check(bare, 'ipv4');
  if (version === 6) return loopback.check(bare, 'ipv6');
  return false;
}

function isLocalName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal');
}

/** Why a typed address cannot receive webhooks, or null when it may (the name is resolved again at delivery). */
export function webhookUrlProblem(url: string, policy: WebhookTargetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Please enter a full address, for example https://pos.example.pk/chaska-webhooks.';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const loopbackAllowed = policy.allowLoopback && isLoopbackAddress(host);
  if (
    parsed.protocol !== 'https:' &&
    !((policy.allowPrivateNetworks || loopbackAllowed) && parsed.protocol === 'http:')
  )
    return 'The address must start with https://.';
  if (parsed.username || parsed.password) return 'The address must not contain a user name or password.';
  if (policy.allowPrivateNetworks || loopbackAllowed) return null;
  if (isLocalName(host) || (isIP(host) !== 0 && isPrivateAddress(host)))
    return 'The address must be reachable on the public internet, not a private or local network.';
  return null;
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the endpoint's name and checks every address it gives; the delivery connects to the
 * address returned. Throws with a message for the delivery log when the target is not allowed.
 */
export async function resolveWebhookTarget(url: URL, policy: WebhookTargetPolicy): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses =
    literal !== 0
      ? [{ address: host, family: literal }]
      : await lookup(host, { all: true, verbatim: true }).catch(() => {
          throw new Error(`The name ${host} could not be resolved.`);
        });
  if (addresses.length === 0) throw new Error(`The name ${host} could not be resolved.`);
  const loopbackAllowed = policy.allowLoopback && addresses.every((entry) => isLoopbackAddress(entry.address));
  if (!policy.allowPrivateNetworks && !loopbackAllowed) {
    if (isLocalName(host)) throw new Error('The address is on a private or local network; it was not called.');
    if (addresses.some((entry) => isPrivateAddress(entry.address)))
      throw new Error('The address resolves to a private or local network; it was not called.');
  }
  const [first] = addresses;
  return { address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
