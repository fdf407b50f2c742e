import net from "node:net";

/**
 * Throws a clear error unless every one of `ports` can be listened on at 127.0.0.1 (each is bound and released
 * at once): a fixed port that something else holds would otherwise make a child fail late, or worse, make the
 * devnet talk to whatever already listens there.
 *
 * @example
 * await checkPortsFree([{ port: 8545, what: "the RPC (anvil)" }], "--port");
 */
export async function checkPortsFree(
  ports: readonly { port: number; what: string }[],
  option: string,
): Promise<void> {
  for (const { port, what } of ports) {
    const problem = await new Promise<string | undefined>((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once("error", (error: NodeJS.ErrnoException) =>
        resolve(error.code === "EADDRINUSE" ? "is already in use" : `cannot be listened on (${error.code})`),
      );
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(undefined)));
    });
    if (problem)
      throw new Error(
        `devnet: port ${port} on 127.0.0.1 (${what}) ${problem}: stop what listens there (another devnet?) or choose other ports with ${option}`,
      );
  }
}

/** Whether `port` is a TCP port number a devnet can take with the two after it (bundler, sponsor endpoint). */
export function isDevnetPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65533;
}
