import { isIP } from 'node:net';

/** IPv4 ranges that are not the public internet: [first address as a number, prefix length]. */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const v4Number = (address: string) =>
  address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const NOT_PUBLIC_V4_RANGES = NOT_PUBLIC_V4.map(([first, bits]) => ({
  first: v4Number(first),
  size: 2 ** (32 - bits),
}));

function isPublicV4(address: string): boolean {
  const n = v4Number(address);
  return !NOT_PUBLIC_V4_RANGES.some(({ first, size }) => n >= first && n < first + size);
}

/** The eight 16-bit words of an IPv6 address (any spelling Node accepts, a zone dropped). */
function v6Words(address: string): number[] {
  const words = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((w) => {
          if (!w.includes('.')) return [parseInt(w, 16)];
          const n = v4Number(w);
          return [Math.floor(n / 65536), n % 65536];
        });
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const first = words(head);
  const last = tail === undefined ? [] : words(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const v4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, including :: and ::1), the
 * NAT64 well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::); undefined for others.
 */
function embeddedV4(w: number[]): string | undefined {
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (w[5] === 0xffff || w[5] === 0)) return v4Of(w[6]!, w[7]!);
  if (zeros(0, 4) && w[4] === 0xffff && w[5] === 0) return v4Of(w[6]!, w[7]!);
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return v4Of(w[6]!, w[7]!);
  if (w[0] === 0x2002) return v4Of(w[1]!, w[2]!);
  return undefined;
}

function isPublicV6(address: string): boolean {
  const w = v6Words(address.split('%')[0]!);
  const v4 = embeddedV4(w);
  if (v4 !== undefined) return isPublicV4(v4);
  const [a = 0, b = 0] = w;
  // Only global unicast (2000::/3) is public; in it, Teredo (2001::/32, which tunnels to any
  // IPv4 address) and documentation (2001:db8::/32) are not.
  if ((a & 0xe000) !== 0x2000) return false;
  return !(a === 0x2001 && (b === 0 || b === 0xdb8));
}

/**
 * Whether `address` (an IP address as Node writes it or as a URL's hostname holds it, brackets
 * allowed) is on the public internet: false for loopback, private, carrier-grade NAT,
 * link-local, unique-local, multicast, unspecified, documentation and reserved ranges, and for
 * IPv6 spellings of such IPv4 addresses (mapped, compatible, NAT64, 6to4). False for anything
 * that is not an IP address (an IPv4 address with a zone, an empty zone).
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  // isIP on the whole text: it takes a zone only after an IPv6 address ('127.0.0.1%eth0' is
  // not an address; read without its zone it was, and its NaN number public).
  const version = isIP(bare);
  if (version === 4) return isPublicV4(bare);
  if (version === 6) return isPublicV6(bare);
  return false;
}
