// The SSRF guard of x402_fetch: a URL's host must not resolve to an internal address unless the policy lists it.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { FetchTargetRefusedError } from "../errors/fetchTarget.js";

/** Why `address` is internal (loopback, private, link-local, unspecified, multicast...), or `undefined`. @internal */
export function internalAddressRule(address: string): string | undefined {
  const v6 = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6)?.[1];
  if (mapped) return internalAddressRule(mapped);
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split(".").map(Number);
    if (a === 127) return "resolves to a loopback address";
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
      return "resolves to a private address";
    if (a === 169 && b === 254) return "resolves to a link-local address";
    if (a === 100 && b >= 64 && b <= 127) return "resolves to a shared (carrier-grade NAT) address";
    if (a === 0) return "resolves to an unspecified address";
    if (a >= 224) return "resolves to a multicast or reserved address";
    return undefined;
  }
  if (isIP(address) === 6) {
    if (v6 === "::1") return "resolves to a loopback address";
    if (v6 === "::") return "resolves to an unspecified address";
    if (/^f[cd]/.test(v6)) return "resolves to a private (unique local) address";
    if (/^fe[89ab]/.test(v6)) return "resolves to a link-local address";
    if (/^ff/.test(v6)) return "resolves to a multicast address";
    return undefined;
  }
  return "is not an IP address";
}

/**
 * Refuses `url` unless it is http(s) and its host is listed in `allowedHosts` or resolves only to public
 * addresses (every address of the name is checked). One DNS lookup; throws {@link FetchTargetRefusedError}.
 * @internal
 */
export async function checkFetchTarget(url: URL, allowedHosts: readonly string[] | undefined): Promise<void> {
  const host = url.host.toLowerCase();
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchTargetRefusedError({ host, rule: `uses ${url.protocol}, not http: or https:` });
  if (url.username || url.password)
    throw new FetchTargetRefusedError({ host, rule: "carries credentials in the URL" });
  if (allowedHosts?.includes(host)) return;
  const name = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(name)
      ? [name]
      : (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new FetchTargetRefusedError({ host, rule: "does not resolve" });
  }
  for (const address of addresses) {
    const rule = internalAddressRule(address);
    if (rule) throw new FetchTargetRefusedError({ host, address, rule });
  }
}
