/**
 * `true` when `url`'s host is this machine or a private network: `localhost` (and `*.localhost`), a
 * loopback, private, link-local, shared (CGNAT) or unspecified IPv4 address (`127.0.0.0/8`, `10.0.0.0/8`,
 * `172.16.0.0/12`, `192.168.0.0/16`, `169.254.0.0/16`, `100.64.0.0/10`, `0.0.0.0`), or a loopback,
 * unique-local, link-local or unspecified IPv6 address (`::1`, `fc00::/7`, `fe80::/10`, `::`, and IPv4
 * addresses mapped into IPv6). Telemetry uses it to stay off while you develop against a local chain.
 * Never throws: anything that is not an absolute URL is not local.
 *
 * @example
 * ```ts
 * import { isLocalRpcUrl } from "@preflow/telemetry";
 * isLocalRpcUrl("http://127.0.0.1:8545");   // true
 * isLocalRpcUrl("http://192.168.1.20:8545"); // true
 * isLocalRpcUrl("https://forno.celo.org");  // false
 * ```
 */
export function isLocalRpcUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname.endsWith(".")) hostname = hostname.slice(0, -1);
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname.startsWith("[") && hostname.endsWith("]")) return isLocalIpv6(hostname.slice(1, -1));
  return isLocalIpv4(hostname);
}

/** `a.b.c.d` (as WHATWG URL normalises every IPv4 form) in a local range; anything else is not local. */
function isLocalIpv4(host: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  if ([a, b, Number(match[3]), Number(match[4])].some((octet) => octet > 255)) return false;
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 0 && b === 0 && host === "0.0.0.0")
  );
}

/** A bracket-less IPv6 address as WHATWG URL serialises it (lowercase, compressed). */
function isLocalIpv6(host: string): boolean {
  if (host === "::1" || host === "::") return true;
  // IPv4-mapped (::ffff:a.b.c.d is serialised as ::ffff:XXXX:XXXX).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? "", 16);
    const low = Number.parseInt(mapped[2] ?? "", 16);
    return isLocalIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const first = /^([0-9a-f]{1,4}):/.exec(host)?.[1];
  if (first === undefined) return false;
  const word = Number.parseInt(first, 16);
  return (word & 0xfe00) === 0xfc00 || (word & 0xffc0) === 0xfe80;
}
