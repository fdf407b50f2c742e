// A fetch for URLs from outside: every URL passes checkFetchTarget (one resolution per host name), and the
// connection is made to one of the addresses that were checked (undici's connect `lookup` hook answers them;
// nothing is resolved again), so DNS rebinding cannot lead inside. The Host header and the TLS server name stay
// the URL's; redirects are answered, never followed.
import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import { checkFetchTarget, type FetchTarget, type ResolveHost } from "./checkFetchTarget.js";

/** Parameters of {@link createOutsideFetch}. */
export interface CreateOutsideFetchParameters {
  /** `host[:port]` the policy lists (`x402.hosts`): fetched even when they resolve to special addresses. */
  allowedHosts: readonly string[] | undefined;
  /** The resolver (default the system's `dns.lookup`); called once per host name. */
  resolve?: ResolveHost | undefined;
  /** The tool named in refusals. */
  tool?: string | undefined;
}

/** What {@link createOutsideFetch} answers: a guarded `fetch`, the check alone, and `close()`. */
export interface OutsideFetch {
  /** A `fetch` whose every request is checked and pinned; `redirect` is always `"manual"`. */
  readonly fetch: typeof globalThis.fetch;
  /** Checks `url` (resolving its host once) and pins its addresses for later requests. */
  check(url: URL): Promise<FetchTarget>;
  /** Closes the connections (call when the last body has been read or abandoned). */
  close(): Promise<void>;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A guarded fetch for one tool call (its connections closed by `close()`): each URL's host is checked by
 * {@link checkFetchTarget} once, and every connection to it goes to an address that was checked.
 *
 * @example
 * ```ts
 * const outside = createOutsideFetch({ allowedHosts: policy.x402?.hosts });
 * try {
 *   const response = await outside.fetch("https://api.example.com/quote");
 * } finally {
 *   await outside.close();
 * }
 * ```
 * @internal
 */
export function createOutsideFetch(parameters: CreateOutsideFetchParameters): OutsideFetch {
  const { allowedHosts, resolve, tool } = parameters;
  /** Checked targets by host name (what the connection looks up). */
  const pinned = new Map<string, FetchTarget>();
  const checking = new Map<string, Promise<FetchTarget>>();

  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    const target = pinned.get(hostname.replace(/^\[|\]$/g, "").toLowerCase());
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const addresses = (target?.addresses ?? []).filter((entry) => !family || entry.family === family);
    const [first] = addresses;
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} was not checked; it is not connected to`);
      error.code = "ENOTFOUND";
      callback(error, "", 0);
      return;
    }
    if (options.all)
      callback(
        null,
        addresses.map((entry) => ({ ...entry })),
      );
    else callback(null, first.address, first.family);
  };
  const agent = new Agent({ connect: { lookup } });

  const check = (url: URL): Promise<FetchTarget> => {
    const key = url.host.toLowerCase();
    let pending = checking.get(key);
    if (!pending) {
      pending = checkFetchTarget(url, { allowedHosts, resolve, ...(tool ? { tool } : {}) }).then((target) => {
        pinned.set(target.hostname, target);
        return target;
      });
      checking.set(key, pending);
      pending.catch(() => checking.delete(key));
    }
    return pending;
  };

  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    await check(new URL(request.url));
    const body =
      request.method === "GET" || request.method === "HEAD" || request.body === null
        ? undefined
        : new Uint8Array(await request.arrayBuffer());
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      ...(body === undefined ? {} : { body }),
      redirect: "manual",
      signal: request.signal,
      dispatcher: agent,
    });
    return response as unknown as Response;
  };

  return {
    fetch: guarded as typeof globalThis.fetch,
    check,
    close: async () => {
      await agent.destroy().catch(() => undefined);
    },
  };
}
