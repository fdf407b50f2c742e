// A loopback URL where nothing listens: an endpoint that is down, for tests.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback URL with nothing listening on it (a server is started on a free port and closed): a request to
 * it fails with "connection refused", for tests of an endpoint that is down.
 *
 * @example
 * const down = await closedPortUrl(); // "http://127.0.0.1:<port>"
 * await expect(fetch(down, { method: "POST" })).rejects.toThrow();
 */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
