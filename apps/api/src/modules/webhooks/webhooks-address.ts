import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (issue 40). In production only to HTTPS URLs whose host resolves to
 * public addresses: never to private (10/8, 172.16/12, 192.168/16, fc00::/7), loopback, link-local
 * (169.254/16: the cloud's metadata service), carrier-grade NAT, multicast or reserved ranges. The
 * sender resolves the host itself, checks every address, and connects to the address it checked, so
 * a name that resolves elsewhere a second later (DNS rebinding) cannot steer it.
 */

export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
};

export type AddressProblem = 'url_https_required' | 'url_private' | 'url_unresolvable';

/** What is wrong with sending to `url` (null: nothing); `production` applies the rules above. */
export async function urlProblem(url: string, production: boolean): Promise<AddressProblem | null> {
  if (!production) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'url_https_required';
  try {
    await resolvePublic(parsed.hostname);
    return null;
  } catch (error) {
    return (error as { problem?: AddressProblem }).problem ?? 'url_unresolvable';
  }
}

/** Every address the host resolves to, refused if any is not public; the first one is used. */
export async function resolvePublic(hostname: string): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const found = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw Object.assign(new Error(`cannot resolve ${host}`), { problem: 'url_unresolvable' });
      });
  if (!found.length)
    throw Object.assign(new Error(`cannot resolve ${host}`), { problem: 'url_unresolvable' });
  const refused = found.find((a) => !isPublicAddress(a.address));
  if (refused)
    throw Object.assign(new Error(`${host} resolves to a non-public address ${refused.address}`), {
      problem: 'url_private',
    });
  const first = found[0];
  if (!first) throw new Error('unreachable');
  return { address: first.address, family: first.family as 4 | 6 };
}
