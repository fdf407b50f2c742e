// Where the proxy forwards a request: the upstream URL joined with the request's path and query.
/**
 * The URL a request for `requestPath` (path and query, as in `req.url`) is forwarded to: the upstream's path
 * joined with the request's path (the upstream path alone for `/`), the upstream's query parameters then the
 * request's (a request parameter replaces an upstream one of the same name).
 *
 * @example
 * forwardUrl("http://127.0.0.1:4337", "/v2/42220/rpc?apikey=k").href; // "http://127.0.0.1:4337/v2/42220/rpc?apikey=k"
 * forwardUrl("http://127.0.0.1:4337/v2/42220/rpc?apikey=k", "/").href; // "http://127.0.0.1:4337/v2/42220/rpc?apikey=k"
 */
export function forwardUrl(upstream: string | URL, requestPath: string): URL {
  const target = new URL(upstream.toString());
  // A request target is a path, never a URL: "//v2" is the path "/v2", not the host "v2".
  const withoutFragment = requestPath.split("#")[0] ?? "";
  const queryAt = withoutFragment.indexOf("?");
  const rawPath = queryAt >= 0 ? withoutFragment.slice(0, queryAt) : withoutFragment;
  const query = new URLSearchParams(queryAt >= 0 ? withoutFragment.slice(queryAt + 1) : "");
  const path = `/${rawPath}`.replace(/\/{2,}/g, "/");
  if (path !== "/") {
    target.pathname = `${target.pathname.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  }
  for (const [name, value] of query) target.searchParams.set(name, value);
  return target;
}
