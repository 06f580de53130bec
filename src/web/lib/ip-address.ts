/**
 * A session's IP address as a person reads it (Login History).
 *
 * better-auth stores what its rate limiter keys on: IPv4 as is, an IPv4-mapped IPv6 address as the
 * IPv4 inside it, and any other IPv6 address expanded and cut to its /64 network, so the loopback
 * ::1 arrives as 0000:0000:0000:0000:0000:0000:0000:0000. No real client has an address in ::/64
 * except ::1 (the IPv4-compatible form is long deprecated), so that value is read as loopback.
 */

/** Loopback addresses (127.0.0.0/8, ::1) are the computer the server runs on. */
const THIS_COMPUTER = (address: string) => `This computer (${address})`;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two), or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase().split("%")[0]!;
  const lastColon = address.lastIndexOf(":");
  const last = address.slice(lastColon + 1);
  if (last.includes(".")) {
    if (!IPV4.test(last)) return null;
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    address = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...rest].every((group) => HEX_GROUP.test(group))) return null;
  const known = head.length + rest.length;
  const hex = (groups: string[]) => groups.map((group) => parseInt(group, 16));
  if (halves.length === 1) return known === 8 ? hex(head) : null;
  return known > 7 ? null : [...hex(head), ...Array<number>(8 - known).fill(0), ...hex(rest)];
}

/** RFC 5952 text of eight groups: lower-case, no leading zeros, the longest run of 2+ zero groups as "::". */
function compressIpv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

function describeIpv4(address: string): string {
  return address.startsWith("127.") ? THIS_COMPUTER(address) : `IP ${address}`;
}

/**
 * "This computer (127.0.0.1)", "This computer (::1)", "IP 192.0.2.1", "IP 2001:db8::" or
 * "IP address unknown". IPv4-mapped IPv6 (::ffff:192.0.2.1, in either spelling) reads as the IPv4.
 */
export function describeIpAddress(ip: string | null | undefined): string {
  const text = ip?.trim() ?? "";
  if (!text) return "IP address unknown";
  if (IPV4.test(text)) return describeIpv4(text);
  const groups = ipv6Groups(text);
  if (!groups) return `IP ${text}`;
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return describeIpv4(`${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`);
  }
  const allZeroButLast = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g === 0;
  // ::1, or the /64 network better-auth keeps of it (all zeros).
  if (allZeroButLast && (h === 1 || h === 0)) return THIS_COMPUTER("::1");
  return `IP ${compressIpv6(groups)}`;
}
