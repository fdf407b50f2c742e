/**
 * The `canonicalUrl` of the agent request-signing scheme: the path and query of `url`, without scheme,
 * host or fragment. An absolute `http(s)` URL gives its (normalized) path + query; `?x` becomes `/?x`; a
 * path starting with `/` is kept as written; any other form is resolved against `/` (the result always
 * starts with `/`, except for the empty string). The same
 * rules on the signing and the verifying side make the signature independent of the host the request
 * went through (proxies, load balancers).
 *
 * @example
 * ```ts
 * import { canonicalizeAgentUrl } from "@preflow/agent-id";
 * canonicalizeAgentUrl("https://api.example.org/v1/data?x=1"); // "/v1/data?x=1"
 * canonicalizeAgentUrl("?page=2"); // "/?page=2"
 * ```
 */
export function canonicalizeAgentUrl(url: string): string {
  if (url === "") return "";
  const hash = url.indexOf("#");
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  if (/^https?:\/\//i.test(withoutFragment)) {
    try {
      const parsed = new URL(withoutFragment);
      return (parsed.pathname || "/") + parsed.search;
    } catch {
      return withoutFragment;
    }
  }
  if (withoutFragment.startsWith("?")) return `/${withoutFragment}`;
  if (withoutFragment.startsWith("/")) return withoutFragment;
  try {
    // Other schemes ("ws://h/p", "mailto:x") parse as absolute: keep their path, always rooted at "/".
    const parsed = new URL(withoutFragment, "http://agent.invalid/");
    const pathname = parsed.pathname.startsWith("/") ? parsed.pathname : `/${parsed.pathname}`;
    return pathname + parsed.search;
  } catch {
    return withoutFragment.startsWith("/") ? withoutFragment : `/${withoutFragment}`;
  }
}
