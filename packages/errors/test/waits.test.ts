// withAbort, withTimeout and sleep: real timers, real AbortControllers, short bounds.
import { describe, expect, it } from "vitest";
import { RequestAbortedError } from "../src/RequestAbortedError.js";
import { sleep } from "../src/sleep.js";
import { withAbort } from "../src/withAbort.js";
import { withTimeout } from "../src/withTimeout.js";

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("withAbort", () => {
  it("passes the work's value and failure through", async () => {
    const controller = new AbortController();
    await expect(withAbort(later(1, 5), controller.signal, "m")).resolves.toBe(1);
    await expect(withAbort(Promise.reject(new Error("boom")), controller.signal, "m")).rejects.toThrow(
      "boom",
    );
    await expect(withAbort(later(2, 1), undefined, "m")).resolves.toBe(2);
  });

  it("rejects at once on an aborted signal, and when the signal aborts first", async () => {
    await expect(withAbort(later(1, 5), AbortSignal.abort("stop"), "eth_call")).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    const controller = new AbortController();
    const pending = withAbort(later(1, 1_000), controller.signal, "eth_call");
    controller.abort(new Error("user left"));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as RequestAbortedError).details).toEqual({
      method: "eth_call",
      reason: "Error: user left",
    });
    expect((error as RequestAbortedError).timedOut).toBe(false);
  });
});

describe("withTimeout", () => {
  it("gives the value when the work is in time", async () => {
    await expect(withTimeout(later("ok", 1), 1_000, undefined, "eth_call")).resolves.toBe("ok");
  });

  it("rejects with a timed-out RequestAbortedError when the bound passes first", async () => {
    const started = Date.now();
    const error = await withTimeout(later("late", 2_000), 20, undefined, "eth_call").catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as RequestAbortedError).timedOut).toBe(true);
    expect((error as RequestAbortedError).message).toContain("no answer within 20 ms");
  });

  it("rejects as aborted (not timed out) when the caller's signal comes first", async () => {
    const controller = new AbortController();
    const pending = withTimeout(later("late", 2_000), 1_000, controller.signal, "m");
    controller.abort(new Error("stop"));
    const error = await pending.catch((e: unknown) => e);
    expect((error as RequestAbortedError).timedOut).toBe(false);
    await expect(withTimeout(later(1, 5), 1_000, AbortSignal.abort(), "m")).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
  });

  it("passes the work's own failure through", async () => {
    await expect(withTimeout(Promise.reject(new Error("boom")), 1_000, undefined, "m")).rejects.toThrow(
      "boom",
    );
  });
});

describe("sleep", () => {
  it("waits about ms", async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("resolves early (never rejects) when the signal aborts, at once when it already has", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = sleep(5_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await expect(pending).resolves.toBeUndefined();
    await expect(sleep(5_000, AbortSignal.abort())).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
