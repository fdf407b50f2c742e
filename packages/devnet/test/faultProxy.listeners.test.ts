// The fault proxy's `closing` signal is shared by every request it serves: a request that hangs adds an abort
// listener to it, which must go when the request ends. Before the fix, each hung request left one behind, and the
// tool server's tests printed `MaxListenersExceededWarning: … 11 abort listeners added to [AbortSignal]`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy } from "../src/index.js";

const warnings: Error[] = [];
const onWarning = (warning: Error) => {
  warnings.push(warning);
};
beforeAll(() => {
  process.on("warning", onWarning);
});
afterAll(() => {
  process.off("warning", onWarning);
});

describe("fault proxy: hanging requests", () => {
  it("leave no abort listener behind: 15 hung requests, each ended by its client, one after another", async () => {
    // Nothing is forwarded (a hang without `forward`): the upstream is never contacted.
    const proxy = await startFaultProxy({ upstream: "http://127.0.0.1:9/" });
    try {
      proxy.inject({ method: "eth_chainId", fault: { kind: "hang" } });
      for (let index = 1; index <= 15; index++) {
        const controller = new AbortController();
        const request = fetch(proxy.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: index, method: "eth_chainId" }),
          signal: controller.signal,
        }).then(
          () => "answered",
          () => "ended",
        );
        for (let wait = 0; proxy.requests < index && wait < 200; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(proxy.requests).toBe(index);
        controller.abort();
        expect(await request).toBe("ended");
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
