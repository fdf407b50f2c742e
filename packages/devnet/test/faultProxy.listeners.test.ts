// The fault proxy's `closing` signal is shared by every request it serves. Before the fix, each hung request added
// an abort listener to it and never removed it, and the tool server's tests printed
// `MaxListenersExceededWarning: … 11 abort listeners added to [AbortSignal]`. Now the waiting requests are one set
// the proxy wakes on close, each leaving it when its request ends: no listener per request on the shared signal.
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

  it("15 requests hanging (or delayed) at once end on close() without a warning", async () => {
    const proxy = await startFaultProxy({ upstream: "http://127.0.0.1:9/" });
    proxy.inject({ method: "eth_chainId", fault: { kind: "hang" } });
    proxy.inject({ method: "eth_blockNumber", fault: { kind: "delay", ms: 60_000 } });
    const requests = Array.from({ length: 15 }, (_, index) =>
      fetch(proxy.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: index,
          method: index % 2 ? "eth_chainId" : "eth_blockNumber",
        }),
      }).then(
        () => "answered",
        () => "ended",
      ),
    );
    for (let wait = 0; proxy.requests < 15 && wait < 200; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(proxy.requests).toBe(15);
    const started = Date.now();
    await proxy.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await Promise.all(requests)).toEqual(Array(15).fill("ended"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
  });
});
