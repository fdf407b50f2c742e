// The guard of every fetch of a URL from outside (x402_fetch and any later fetching tool): the URL must be
// http(s) without credentials, and its host must resolve only to public addresses unless the policy lists it.
// The name is resolved once, here; the connection is then made to one of these addresses (fetchOutsideUrl's
// lookup hook), so a second answer of the resolver (DNS rebinding) can never lead elsewhere.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { FetchTargetRefusedError } from "../errors/fetchTarget.js";
import { specialAddressRule } from "./classifyAddress.js";

/** One resolved address, as `dns.lookup` answers it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to its addresses (default `dns.lookup` with `all: true`); injectable for tests. */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** A checked target: the addresses its connection may use. */
export interface FetchTarget {
  /** The URL's host (`host[:port]`, lower case), as the policy lists it. */
  readonly host: string;
  /** The URL's host name without brackets (what the connection looks up). */
  readonly hostname: string;
  /** The addresses checked (or, for a listed host, resolved), in the resolver's order. */
  readonly addresses: readonly ResolvedAddress[];
}

/** The system resolver: `dns.lookup(name, { all: true, verbatim: true })`. */
export const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * Refuses `url` unless it is http(s) without credentials and its host is listed in `allowedHosts` or resolves
 * only to public addresses (every address of the name is checked, see {@link specialAddressRule}). One call of
 * `resolve` (none for an IP literal); answers the addresses the connection must use. Throws
 * {@link FetchTargetRefusedError} before any request.
 *
 * @example
 * ```ts
 * const target = await checkFetchTarget(new URL("https://api.example.com/quote"), { allowedHosts: undefined });
 * target.addresses; // [{ address: "93.184.215.14", family: 4 }]
 * ```
 * @internal
 */
export async function checkFetchTarget(
  url: URL,
  options: { allowedHosts: readonly string[] | undefined; resolve?: ResolveHost | undefined; tool?: string },
): Promise<FetchTarget> {
  const { allowedHosts, resolve = systemResolve, tool = "x402_fetch" } = options;
  const host = url.host.toLowerCase();
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchTargetRefusedError({ tool, host, rule: `uses ${url.protocol}, not http: or https:` });
  if (url.username || url.password)
    throw new FetchTargetRefusedError({ tool, host, rule: "carries credentials in the URL" });
  const listed = allowedHosts?.includes(host) ?? false;
  const hostname = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  let addresses: readonly ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal !== 0) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new FetchTargetRefusedError({ tool, host, rule: "does not resolve" });
    }
    if (addresses.length === 0) throw new FetchTargetRefusedError({ tool, host, rule: "does not resolve" });
  }
  if (!listed) {
    for (const { address } of addresses) {
      const rule = specialAddressRule(address);
      if (rule) throw new FetchTargetRefusedError({ tool, host, address, rule });
    }
  }
  return { host, hostname, addresses };
}
