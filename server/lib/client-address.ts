import { isIPv6 } from 'node:net';

/**
 * The key a client address is limited by. An IPv4 address is one key (behind carrier-grade
 * NAT that can be a whole campus, hence the high per-address limits); an IPv6 client usually
 * holds a whole /64, so that prefix is one key, as @fastify/rate-limit and Mastodon key it.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
