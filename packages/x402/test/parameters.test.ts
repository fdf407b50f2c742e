// Parameters of createX402Fetch and createX402Facilitator are checked before any I/O (unknown keys refused, the
// field named), and no error or record carries the private key or a URL's query (where API keys ride).
import { InvalidArgumentError, SdkError } from "@preflow/errors";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  createMemoryX402PaymentStore,
  createX402Facilitator,
  createX402Fetch,
  X402FetchError,
} from "../src/index.js";

const key = generatePrivateKey();
const account = privateKeyToAccount(key);

const caught = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as SdkError;
  }
  throw new Error("did not throw");
};

describe("parameters", () => {
  it("createX402Fetch refuses unknown keys, a non-account and bad limits, naming the field, without the key", () => {
    const cases: [unknown, string][] = [
      [{ account, limits: { perPayment: { USDC: "1" } }, limit: {} }, "parameters"],
      [{ account: { privateKey: key }, limits: { perPayment: { USDC: "1" } } }, "account"],
      [{ account, limits: { perPayment: { USDC: "-1" } } }, "limits.perPayment.USDC"],
      [{ account, limits: { perPayment: { USDC: "1" } }, rpcUrl: "ftp://x" }, "rpcUrl"],
      [{ account, limits: { perPayment: { USDC: "1" } }, store: {} }, "store"],
      [
        { account, limits: { perPayment: { USDC: "1" }, maxTimeoutSeconds: 31_536_000 } },
        "limits.maxTimeoutSeconds",
      ],
      [{ account, limits: { perPayment: { USDC: "1" }, maxTimeoutSeconds: 0 } }, "limits.maxTimeoutSeconds"],
      [
        { account, limits: { perPayment: { USDC: "1" }, maxTimeoutSeconds: 1.5 } },
        "limits.maxTimeoutSeconds",
      ],
    ];
    for (const [parameters, field] of cases) {
      const error = caught(() => createX402Fetch(parameters as never));
      expect(error).toBeInstanceOf(SdkError);
      expect(error.details.field).toBe(field);
      expect(JSON.stringify(error)).not.toContain(key.slice(2));
      expect(error.message).not.toContain(key.slice(2));
    }
  });

  it("createX402Facilitator refuses unknown keys, a bad fee currency and a too short receipt wait", () => {
    expect(caught(() => createX402Facilitator({ account, feeCurency: "USDC" } as never))).toBeInstanceOf(
      InvalidArgumentError,
    );
    expect(caught(() => createX402Facilitator({ account, feeCurrency: "DOGE" }))).toBeInstanceOf(SdkError);
    expect(caught(() => createX402Facilitator({ account, receiptTimeoutMs: 5 })).details.field).toBe(
      "receiptTimeoutMs",
    );
    const error = caught(() => createX402Facilitator({ account: { privateKey: key } as never }));
    expect(JSON.stringify(error)).not.toContain(key.slice(2));
  });

  it("a request that already carries a payment header is refused before any I/O", async () => {
    const pay = createX402Fetch({ account, limits: { perPayment: { USDC: "1" } } });
    const error = await pay("http://127.0.0.1:9/x", { headers: { "PAYMENT-SIGNATURE": "abc" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).details.field).toBe("headers.PAYMENT-SIGNATURE");
  });

  it("a failed request names the URL without its query (API keys), and records nothing", async () => {
    const store = createMemoryX402PaymentStore();
    const pay = createX402Fetch({ account, limits: { perPayment: { USDC: "1" } }, store });
    const error = await pay("http://127.0.0.1:9/paid?apikey=s3cr3t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(X402FetchError);
    expect(JSON.stringify(error)).not.toContain("s3cr3t");
    expect((error as X402FetchError).message).not.toContain("s3cr3t");
    expect(await store.list({ payer: account.address })).toEqual([]);
  });
});
