import { InvalidArgumentError } from "@preflow/errors";
import { AbiFunction } from "ox";
import { describe, expect, it } from "vitest";
import { appendSdkCalldataTag } from "../src/appendSdkCalldataTag.js";
import { checkAttributionInTransaction } from "../src/checkAttributionInTransaction.js";
import { AttributionError } from "../src/errors/AttributionError.js";
import { InvalidRequestFunctionError } from "../src/errors/InvalidRequestFunctionError.js";
import { InvalidTransactionHashError } from "../src/errors/InvalidTransactionHashError.js";
import { TransactionNotFoundError } from "../src/errors/TransactionNotFoundError.js";
import { TransactionRequestError } from "../src/errors/TransactionRequestError.js";
import type { AttributionRequestFn } from "../src/internal/transaction.js";
import type { Hex } from "../src/types.js";
import { verifyAttributionInTransaction } from "../src/verifyAttributionInTransaction.js";
import { encodeAccountCalls, encodeHandleOps } from "./encoders.js";

const hash = `0x${"ab".repeat(32)}` as const;
const entryPoint = "0x0000000071727De22E5E9d8BAf0edAc6f37da032";
const bundler = "0x3333333333333333333333333333333333333333";
const sender = "0x1111111111111111111111111111111111111111";
const usdm = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const usdc = "0xcebA9300f2b948710d2653dD7B07f33A8B32118C";

/** A JSON-RPC node that knows one transaction (addresses lowercase, as nodes send them). */
function node(transaction: { from?: string; to?: string | null; input: string } | null): {
  request: AttributionRequestFn;
  calls: unknown[];
} {
  const calls: unknown[] = [];
  return {
    calls,
    request: async (args) => {
      calls.push(args);
      if (args.method !== "eth_getTransactionByHash" || args.params[0] !== hash) return null;
      return (
        transaction && {
          hash,
          ...transaction,
          from: transaction.from?.toLowerCase(),
          to: transaction.to?.toLowerCase() ?? null,
        }
      );
    },
  };
}

function bundleInput(): { input: Hex; first: Hex; second: Hex; callData: Hex } {
  const first = appendSdkCalldataTag("0xa9059cbb", ["first_tag", "shared"]);
  const second = appendSdkCalldataTag("0x095ea7b3", ["second_tag", "shared"]);
  const callData = encodeAccountCalls([
    { to: usdm, value: 0n, data: first },
    { to: usdc, value: 7n, data: second },
  ]);
  return { input: encodeHandleOps([{ sender, nonce: 0n, callData }], bundler), first, second, callData };
}

describe("checkAttributionInTransaction", () => {
  it("checks a plain transaction's input", async () => {
    const { request, calls } = node({
      from: bundler,
      to: usdm,
      input: appendSdkCalldataTag("0xa9059cbb", ["myapp"]),
    });
    const result = await checkAttributionInTransaction({ request, hash }, "MyApp");
    expect(calls).toEqual([{ method: "eth_getTransactionByHash", params: [hash] }]);
    expect(result).toEqual({
      hash,
      from: bundler,
      to: usdm,
      bundle: false,
      found: true,
      tags: ["myapp"],
      platform: true,
      matched: true,
      locations: [
        {
          kind: "transaction",
          from: bundler,
          to: usdm,
          found: true,
          tags: ["myapp"],
          platform: true,
          matched: true,
        },
      ],
    });
  });

  it("reports every inner call of a bundle with its sender and target, and userOp.callData itself", async () => {
    const { input } = bundleInput();
    const { request } = node({ from: bundler, to: entryPoint, input });
    const result = await checkAttributionInTransaction({ request, hash }, "second_tag");
    expect(result.bundle).toBe(true);
    expect(result.to).toBe(entryPoint);
    expect(result.found).toBe(true);
    expect(result.tags).toEqual(["first_tag", "shared", "second_tag"]);
    expect(result.matched).toBe(true);
    expect(result.locations).toEqual([
      {
        kind: "transaction",
        from: bundler,
        to: entryPoint,
        found: false,
        tags: [],
        platform: false,
        matched: false,
      },
      {
        kind: "userOperation",
        userOperationIndex: 0,
        sender,
        found: false,
        tags: [],
        platform: false,
        matched: false,
      },
      {
        kind: "innerCall",
        userOperationIndex: 0,
        callIndex: 0,
        sender,
        target: usdm,
        value: 0n,
        found: true,
        tags: ["first_tag", "shared"],
        platform: true,
        matched: false,
      },
      {
        kind: "innerCall",
        userOperationIndex: 0,
        callIndex: 1,
        sender,
        target: usdc,
        value: 7n,
        found: true,
        tags: ["second_tag", "shared"],
        platform: true,
        matched: true,
      },
    ]);
  });

  it("reads a suffix on userOp.callData (the ERC's own 4337 placement)", async () => {
    const callData = appendSdkCalldataTag(encodeAccountCalls([{ to: usdm, value: 0n, data: "0x" }]), [
      "outer",
    ]);
    const { request } = node({
      from: bundler,
      to: entryPoint,
      input: encodeHandleOps([{ sender, nonce: 0n, callData }], bundler),
    });
    const result = await checkAttributionInTransaction({ request, hash });
    expect(result.locations[1]).toMatchObject({ kind: "userOperation", found: true, tags: ["outer"] });
    expect(result.locations[2]).toMatchObject({ kind: "innerCall", target: usdm, found: false });
    expect(result.tags).toEqual(["outer"]);
  });

  it("lists a UserOperation whose callData is not a SimpleAccount call without inner calls", async () => {
    const callData = AbiFunction.encodeData(AbiFunction.from("function foo(uint256)"), [1n]);
    const { request } = node({
      from: bundler,
      to: entryPoint,
      input: encodeHandleOps([{ sender, nonce: 0n, callData }], bundler),
    });
    const result = await checkAttributionInTransaction({ request, hash });
    expect(result.locations.map((entry) => entry.kind)).toEqual(["transaction", "userOperation"]);
  });

  it("never throws on garbage input from the node, nor a contract creation", async () => {
    for (const input of [
      "0x765e827fzz",
      "0x765e827f",
      `0x765e827f${"ff".repeat(200)}`,
      42,
      undefined,
      "0xabc",
    ]) {
      const { request } = node({ from: bundler, to: null, input: input as string });
      const result = await checkAttributionInTransaction({ request, hash }, "x");
      expect(result).toMatchObject({ found: false, bundle: false, matched: false, to: null });
      expect(result.locations).toHaveLength(1);
    }
    const legacyNode = async () => ({
      from: "not an address",
      data: appendSdkCalldataTag("0x", ["old_field"]),
    });
    expect(await checkAttributionInTransaction({ request: legacyNode, hash })).toMatchObject({
      from: null,
      tags: ["old_field"],
    });
  });

  it("validates the hash and request before any I/O", async () => {
    const { request, calls } = node(null);
    for (const bad of ["0x1234", `0x${"zz".repeat(32)}`, hash.slice(2), undefined, 5])
      await expect(checkAttributionInTransaction({ request, hash: bad as Hex })).rejects.toBeInstanceOf(
        InvalidTransactionHashError,
      );
    await expect(checkAttributionInTransaction({ request: "nope" as never, hash })).rejects.toBeInstanceOf(
      InvalidRequestFunctionError,
    );
    await expect(checkAttributionInTransaction(undefined as never)).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    expect(calls).toEqual([]);
  });

  it("throws TransactionNotFoundError when the node answers null", async () => {
    const { request } = node(null);
    const error = await checkAttributionInTransaction({ request, hash }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionNotFoundError);
    expect(error).toBeInstanceOf(AttributionError);
    expect(error).toMatchObject({ code: "TRANSACTION_NOT_FOUND", details: { hash } });
    expect((error as Error).message).toContain(hash);
  });

  it("throws TransactionRequestError when request fails, keeping the cause and redacting API keys", async () => {
    const failure = new Error("HTTP 401 from https://rpc.example/v2/42220/rpc?apikey=sk_live_secret123&x=1");
    const request = async () => {
      throw failure;
    };
    const error = await checkAttributionInTransaction({ request, hash }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionRequestError);
    expect(error).toMatchObject({ code: "TRANSACTION_REQUEST_FAILED", cause: failure });
    expect((error as Error).message).toContain("apikey=***");
    expect((error as Error).message).not.toContain("sk_live_secret123");
    expect(JSON.stringify((error as TransactionRequestError).details)).not.toContain("sk_live_secret123");

    const odd = await checkAttributionInTransaction({ request: async () => "what", hash }).catch(
      (caught: unknown) => caught,
    );
    expect(odd).toBeInstanceOf(TransactionRequestError);
    const syncThrow = await checkAttributionInTransaction({
      request: () => {
        throw "plain string";
      },
      hash,
    }).catch((caught: unknown) => caught);
    expect(syncThrow).toMatchObject({
      code: "TRANSACTION_REQUEST_FAILED",
      details: { reason: "plain string" },
    });
  });
});

describe("verifyAttributionInTransaction", () => {
  it("reports the raw layers of every place of a bundle", async () => {
    const { input } = bundleInput();
    const { request } = node({ from: bundler, to: entryPoint, input });
    const result = await verifyAttributionInTransaction({ request, hash });
    expect(result).toMatchObject({ hash, from: bundler, to: entryPoint, bundle: true });
    expect(result.locations.map((entry) => [entry.kind, entry.erc8021?.codes ?? null, entry.legacy])).toEqual(
      [
        ["transaction", null, null],
        ["userOperation", null, null],
        ["innerCall", ["sdk", "first_tag", "shared"], null],
        ["innerCall", ["sdk", "second_tag", "shared"], null],
      ],
    );
    expect(result.locations[3]).toMatchObject({ sender, target: usdc, value: 7n });
  });

  it("shares the errors of the check form", async () => {
    await expect(
      verifyAttributionInTransaction({ request: node(null).request, hash }),
    ).rejects.toBeInstanceOf(TransactionNotFoundError);
    await expect(
      verifyAttributionInTransaction({ request: node(null).request, hash: "0x" }),
    ).rejects.toBeInstanceOf(InvalidTransactionHashError);
  });
});
