// Which addresses an outside URL may reach: ipaddr.js names the special ranges (IANA's special-purpose
// registries); an IPv6 address that carries an IPv4 one (mapped, compatible, NAT64, SIIT, 6to4) is judged by the
// IPv4 address it leads to, so `::ffff:7f00:1` is loopback like `127.0.0.1`.
import ipaddr from "ipaddr.js";

/** What ipaddr.js calls each IPv4 range, said as a reason. */
const IPV4_RULES: Readonly<Record<string, string>> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a shared (carrier-grade NAT) address",
  private: "a private address",
  reserved: "a reserved address",
  as112: "an AS112 address",
  amt: "an AMT relay address",
};

/** IPv6 ranges without an IPv4 address inside, said as a reason (the rest of the special ranges: "a special-purpose"). */
const IPV6_RULES: Readonly<Record<string, string>> = {
  unspecified: "the unspecified address (::)",
  loopback: "a loopback address",
  linkLocal: "a link-local address",
  uniqueLocal: "a private (unique local) address",
  multicast: "a multicast address",
  deprecatedSiteLocal: "a site-local address",
  teredo: "a Teredo tunnel address",
};

/** The IPv4 address in the last 32 bits of an IPv6 one. */
function low32(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [, , , , , , high = 0, low = 0] = address.parts;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address an IPv6 address leads to, with how it is carried; undefined when it carries none. */
function embeddedIpv4(address: ipaddr.IPv6, range: string): { ipv4: ipaddr.IPv4; via: string } | undefined {
  const parts = address.parts;
  if (range === "ipv4Mapped") return { ipv4: address.toIPv4Address(), via: "IPv4-mapped" };
  if (range === "rfc6145") return { ipv4: low32(address), via: "IPv4-translated (SIIT)" };
  // NAT64: the well-known prefix 64:ff9b::/96 carries it in the last 32 bits; the local-use 64:ff9b:1::/48
  // is some network's own translator, refused below as a special range.
  if (range === "rfc6052" && parts.slice(2, 6).every((part) => part === 0))
    return { ipv4: low32(address), via: "NAT64 (64:ff9b::/96)" };
  if (range === "6to4") {
    const [, high = 0, low = 0] = parts;
    return { ipv4: new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]), via: "6to4" };
  }
  // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js reads it as unicast; :: and ::1 are named above.
  if (range === "unicast" && parts.slice(0, 6).every((part) => part === 0))
    return { ipv4: low32(address), via: "IPv4-compatible" };
  return undefined;
}

function ipv4Rule(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  if (range === "unicast") return undefined;
  return IPV4_RULES[range] ?? `a special-purpose address (${range})`;
}

/**
 * Why `address` (an IP address as a resolver or a URL gives it) must not be fetched from outside, as
 * "resolves to a loopback address"..., or `undefined` for a public unicast address. Every special range
 * ipaddr.js names is refused: loopback, private, link-local, unique local, unspecified, multicast, broadcast,
 * carrier-grade NAT, reserved and documentation ranges, discard, Teredo...; an IPv6 address carrying an IPv4
 * one (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, SIIT, 6to4) is judged by that IPv4 address. A string
 * that is not an IP address answers "is not an IP address". Never throws.
 *
 * @example
 * ```ts
 * specialAddressRule("::ffff:7f00:1"); // "resolves to a loopback address (IPv4-mapped 127.0.0.1)"
 * specialAddressRule("8.8.8.8"); // undefined
 * ```
 * @internal
 */
export function specialAddressRule(address: string): string | undefined {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // Only the canonical spellings a resolver answers (ipaddr.js also reads "127.1" or "0x7f.1" as IPv4; a URL's
  // parser has already turned those into dotted quads).
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return "is not an IP address";
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return "is not an IP address";
  }
  if (parsed.kind() === "ipv4") {
    const rule = ipv4Rule(parsed as ipaddr.IPv4);
    return rule === undefined ? undefined : `resolves to ${rule}`;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const embedded = embeddedIpv4(v6, range);
  if (embedded) {
    const rule = ipv4Rule(embedded.ipv4);
    return rule === undefined
      ? undefined
      : `resolves to ${rule} (${embedded.via} ${embedded.ipv4.toString()})`;
  }
  if (range === "unicast") return undefined;
  return `resolves to ${IPV6_RULES[range] ?? `a special-purpose address (${range})`}`;
}
