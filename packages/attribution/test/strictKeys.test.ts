// Unknown keys are refused, not dropped: every function `@preflow/attribution` exports that takes an object is
// called with one extra key and must throw InvalidArgumentError naming the key (and the nearest valid one) before
// its `request` function is called. The table has one entry per exported function (a new export without one fails
// to compile and fails the last test), so a new object-taking function cannot skip the check.
import { describe, expect, it } from "vitest";
import * as attribution from "../src/index.js";
import {
  type AttributionRequestFn,
  InvalidArgumentError,
  RequestAbortedError,
  SdkError,
} from "../src/index.js";

const hash = `0x${"ab".repeat(32)}` as const;

/** An EIP-1193 `request` that counts its calls (and answers a plain transaction). */
function counter(): { request: AttributionRequestFn; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    request: async () => {
      calls += 1;
      return { hash, from: null, to: null, input: "0x" };
    },
  };
}

type Functions<M> = { [K in keyof M as M[K] extends (...args: never) => unknown ? K : never]: M[K] };
type Entry =
  | {
      /** Calls the function with `extra` added to its object parameter. */
      call: (extra: Record<string, unknown>, request: AttributionRequestFn) => unknown;
      /** The `field` the error names. */
      field: string;
      /** The nearest valid key to `sginal`. */
      nearest: string | null;
    }
  | { noObjectParameter: string };

const TABLE: { [K in keyof Functions<typeof attribution>]: Entry } = {
  checkAttributionInTransaction: {
    call: (extra, request) => attribution.checkAttributionInTransaction({ request, hash, ...extra } as never),
    field: "parameters",
    nearest: "signal",
  },
  verifyAttributionInTransaction: {
    call: (extra, request) =>
      attribution.verifyAttributionInTransaction({ request, hash, ...extra } as never),
    field: "parameters",
    nearest: "signal",
  },
  appendSdkCalldataTag: { noObjectParameter: "(data, tags[])" },
  withAbort: { noObjectParameter: "(work, signal, method)" },
  buildAttributionSuffix: { noObjectParameter: "(tags[])" },
  checkAttributionInCalldata: { noObjectParameter: "(data, tag)" },
  decodeHandleOpsCalldata: { noObjectParameter: "(input)" },
  decodeSmartAccountCalls: { noObjectParameter: "(callData)" },
  describeValue: { noObjectParameter: "(any value, maxLength)" },
  errorCauses: { noObjectParameter: "(any error)" },
  nearestKey: { noObjectParameter: "(key, valid[])" },
  normalizeAttributionTags: { noObjectParameter: "(tags[])" },
  redactSecrets: { noObjectParameter: "(text, secrets[])" },
  redactUrl: { noObjectParameter: "(url)" },
  rejectUnknownKeys: { noObjectParameter: "the check itself: its object is the value under test" },
  stripAttributionSuffix: { noObjectParameter: "(data)" },
  summarizeError: { noObjectParameter: "(any error, secrets[])" },
  toAttributionCodes: { noObjectParameter: "(tags[])" },
  verifyAttributionInCalldata: { noObjectParameter: "(data)" },
};

const rows = Object.entries(TABLE).flatMap(([name, entry]) =>
  "call" in entry ? [[name, entry] as const] : [],
);

describe("every object-taking export refuses unknown keys before any request", () => {
  it.each(rows)("%s", async (_name, entry) => {
    const { request, calls } = counter();
    const secret = "0xsecret-value-never-shown";
    const error = await Promise.resolve()
      .then(() => entry.call({ sginal: secret }, request))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toBeInstanceOf(SdkError);
    const { code, details, message } = error as InvalidArgumentError;
    expect(code).toBe("INVALID_ARGUMENT");
    expect(details.field).toBe(entry.field);
    expect(details.value).toBe('"sginal"');
    if (entry.nearest !== null) expect(details.rule).toContain(`did you mean \`${entry.nearest}\``);
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(message).not.toContain(secret);
    expect(calls()).toBe(0);
  });

  it("the table lists every exported function, and nothing else", () => {
    const exported = Object.entries(attribution)
      .filter(
        ([, value]) =>
          typeof value === "function" && !/^class\s/.test(Function.prototype.toString.call(value)),
      )
      .map(([name]) => name)
      .sort();
    expect(Object.keys(TABLE).sort()).toEqual(exported);
  });
});

describe("checkAttributionInTransaction / verifyAttributionInTransaction: signal", () => {
  const forms = [
    ["checkAttributionInTransaction", attribution.checkAttributionInTransaction],
    ["verifyAttributionInTransaction", attribution.verifyAttributionInTransaction],
  ] as const;

  it.each(forms)("%s: an aborted signal sends nothing", async (_name, run) => {
    const { request, calls } = counter();
    const controller = new AbortController();
    controller.abort(new Error("user left"));
    const error = await run({ request, hash, signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({
      code: "REQUEST_ABORTED",
      details: { method: "eth_getTransactionByHash", reason: "Error: user left" },
    });
    expect(calls()).toBe(0);
  });

  it.each(forms)(
    "%s: an abort during the request rejects at once, without its answer",
    async (_name, run) => {
      let calls = 0;
      const never: AttributionRequestFn = () => {
        calls += 1;
        return new Promise(() => undefined); // a node that never answers
      };
      const started = Date.now();
      const error = await run({ request: never, hash, signal: AbortSignal.timeout(50) }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect(calls).toBe(1);
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  );

  it.each(forms)("%s: a signal that does not abort changes nothing", async (_name, run) => {
    const { request, calls } = counter();
    const result = await run({ request, hash, signal: new AbortController().signal });
    expect(result.hash).toBe(hash);
    expect(calls()).toBe(1);
  });

  it.each(forms)(
    "%s: a signal that is not an AbortSignal is refused before the request",
    async (_name, run) => {
      const { request, calls } = counter();
      const error = await run({ request, hash, signal: "soon" as never }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect(error).toMatchObject({ details: { field: "signal" } });
      expect(calls()).toBe(0);
    },
  );
});
