import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  InvalidAddressError,
  InvalidAmountError,
  InvalidArgumentError,
  InvalidConfigError,
  InvalidContractCallError,
  InvalidPreparedFlowError,
  parsePreparedFlow,
  type SdkClient,
  SdkError,
  UnknownOptionError,
  UnknownTokenError,
} from "../src/index.js";
import { expectInErrorType, operationOf } from "./support/errorTypes.js";

const devnet = useDevnet();
const A = "0x1111111111111111111111111111111111111111";
const B = "0x2222222222222222222222222222222222222222";
const BAD_CHECKSUM = "0xcebA9300f2b948710d2653dD7B07f33A8B32118c";
const abi = [
  {
    type: "function",
    name: "tip",
    stateMutability: "nonpayable",
    inputs: [
      { name: "token", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
  { type: "function", name: "donate", stateMutability: "payable", inputs: [], outputs: [] },
  {
    type: "function",
    name: "total",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "uint256" }],
  },
] as const;
const tip = { to: B, abi, functionName: "tip", args: [A, 1n] } as const;

type Row = [
  name: string,
  run: (client: SdkClient, rpcUrl: string) => unknown,
  expected: abstract new (...args: never[]) => SdkError,
];

// biome-ignore format: one row per line reads best
const rows: Row[] = [
  // configuration
  ["rpcUrl not http(s)", (_c, url) => createSdkClient({ rpcUrl: url.replace("http", "ws") }), InvalidConfigError],
  ["rpcUrl not a URL", () => createSdkClient({ rpcUrl: "localhost:8545" }), InvalidConfigError],
  ["unknown option (typo)", (_c, url) => createSdkClient({ rpcURL: url } as never), UnknownOptionError],
  ["attributionTags not an array", () => createSdkClient({ attributionTags: "my_app" as never }), InvalidConfigError],
  ["attribution tag with a space", () => createSdkClient({ attributionTags: ["my app"] }), InvalidConfigError],
  ["agentIdPrivateKey too short", () => createSdkClient({ agentIdPrivateKey: "0x1234" }), InvalidConfigError],
  ["analyticsEnabled as a string", () => createSdkClient({ analyticsEnabled: "no" as never }), InvalidConfigError],
  ["analyticsWalletAddress not an address", () => createSdkClient({ analyticsWalletAddress: "me" }), InvalidConfigError],
  ["ethRpcUrl ftp", () => createSdkClient({ ethRpcUrl: "ftp://eth.example" }), InvalidConfigError],
  // prepareSend
  ["send: from not an address", (c) => c.transaction.prepareSend("0x123", B, "USDm", "1"), InvalidAddressError],
  ["send: to with a bad checksum", (c) => c.transaction.prepareSend(A, BAD_CHECKSUM, "USDm", "1"), InvalidAddressError],
  ["send: to the zero address", (c) => c.transaction.prepareSend(A, `0x${"0".repeat(40)}`, "USDm", "1"), InvalidAddressError],
  ["send: to an ENS name", (c) => c.transaction.prepareSend(A, "alice.eth", "USDm", "1"), InvalidAddressError],
  ["send: unknown token", (c) => c.transaction.prepareSend(A, B, "USDN", "1"), UnknownTokenError],
  ["send: unlisted token address", (c) => c.transaction.prepareSend(A, B, A, "1"), UnknownTokenError],
  ["send: negative amount", (c) => c.transaction.prepareSend(A, B, "USDm", "-1"), InvalidAmountError],
  ["send: zero amount", (c) => c.transaction.prepareSend(A, B, "USDm", "0"), InvalidAmountError],
  ["send: non-numeric amount", (c) => c.transaction.prepareSend(A, B, "USDm", "ten"), InvalidAmountError],
  ["send: exponent notation", (c) => c.transaction.prepareSend(A, B, "USDm", "1e3"), InvalidAmountError],
  ["send: 7 fraction digits for USDC", (c) => c.transaction.prepareSend(A, B, "USDC", "0.0000001"), InvalidAmountError],
  ["send: beyond uint256", (c) => c.transaction.prepareSend(A, B, "USDm", "1".padEnd(80, "0")), InvalidAmountError],
  ["send: amount as a number", (c) => c.transaction.prepareSend(A, B, "USDm", 1 as never), InvalidAmountError],
  ["send: amount with a thousands separator", (c) => c.transaction.prepareSend(A, B, "USDm", "1,000"), InvalidAmountError],
  // prepareApprove
  ["approve: spender not an address", (c) => c.transaction.prepareApprove(A, "spender", "USDm", "1"), InvalidAddressError],
  ["approve: unknown token", (c) => c.transaction.prepareApprove(A, B, "DAI", "1"), UnknownTokenError],
  ["approve: amount MAX in capitals", (c) => c.transaction.prepareApprove(A, B, "USDm", "MAX"), InvalidAmountError],
  ["approve: negative amount", (c) => c.transaction.prepareApprove(A, B, "USDm", "-5"), InvalidAmountError],
  // prepareContractCall
  ["call: unknown function", (c) => c.transaction.prepareContractCall(A, { ...tip, functionName: "tipp" } as never), InvalidContractCallError],
  ["call: too few args", (c) => c.transaction.prepareContractCall(A, { ...tip, args: [A] } as never), InvalidContractCallError],
  ["call: arg of the wrong type", (c) => c.transaction.prepareContractCall(A, { ...tip, args: ["not an address", 1n] } as never), InvalidContractCallError],
  ["call: abi not an array", (c) => c.transaction.prepareContractCall(A, { ...tip, abi: "tip(address,uint256)" } as never), InvalidContractCallError],
  ["call: value to a non-payable function", (c) => c.transaction.prepareContractCall(A, { ...tip, value: "1" }), InvalidContractCallError],
  ["call: a view function", (c) => c.transaction.prepareContractCall(A, { to: B, abi, functionName: "total" } as never), InvalidContractCallError],
  ["call: to not an address", (c) => c.transaction.prepareContractCall(A, { ...tip, to: "vault" }), InvalidAddressError],
  ["call: negative value", (c) => c.transaction.prepareContractCall(A, { to: B, abi, functionName: "donate", value: -1n }), InvalidAmountError],
  ["call: approval of an unknown token", (c) => c.transaction.prepareContractCall(A, { ...tip, approvals: [{ token: "USDX", amount: "1" }] }), UnknownTokenError],
  ["call: approval amount zero", (c) => c.transaction.prepareContractCall(A, { ...tip, approvals: [{ token: "USDm", amount: "0" }] }), InvalidAmountError],
  ["call: duplicate approval", (c) => c.transaction.prepareContractCall(A, { ...tip, approvals: [{ token: "USDm", amount: "1" }, { token: "cUSD", amount: "2" }] }), InvalidContractCallError],
  // reads
  ["getBalance: owner not an address", (c) => c.token.getBalance("0xZZ11111111111111111111111111111111111111", "USDm"), InvalidAddressError],
  ["getBalance: unknown token", (c) => c.token.getBalance(A, "BTC"), UnknownTokenError],
  ["getBalances: tokens not an array", (c) => c.token.getBalances(A, "USDm" as never), InvalidArgumentError],
  ["getBalances: empty token list", (c) => c.token.getBalances(A, []), InvalidArgumentError],
  ["getAllowance: spender missing", (c) => c.token.getAllowance(A, undefined as never, "USDm"), InvalidAddressError],
  ["getTokenInfo: unknown token", (c) => c.token.getTokenInfo("CELO2"), UnknownTokenError],
  ["getTransaction: short hash", (c) => c.blockchain.getTransaction("0x1234"), InvalidArgumentError],
  // prepared flows from outside
  ["parsePreparedFlow: wrong chain", () => parsePreparedFlow({ preparedFlow: true, chainId: 1, from: A, summary: "", steps: [] }), InvalidPreparedFlowError],
  ["parsePreparedFlow: data not hex", () => parsePreparedFlow({ preparedFlow: true, chainId: 42220, from: A, summary: "", steps: [{ kind: "erc20", to: B, data: "hello", value: "0", description: "" }] }), InvalidPreparedFlowError],
];

/** The operation of a row, by the prefix of its name (`"send: …"` is prepareSend's). */
const OPERATION_OF_ROW: Record<string, string> = {
  send: "prepareSend",
  approve: "prepareApprove",
  call: "prepareContractCall",
};

let proxy: FaultProxy;
let client: SdkClient;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({ rpcUrl: proxy.url, attributionTags: ["bad_inputs"], analyticsEnabled: false });
});
afterAll(() => proxy.close());

describe("bad inputs are rejected with the right class before any RPC request", () => {
  it("has at least 30 rows", () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });

  it.each(rows)("%s", async (_name, run, expected) => {
    proxy.reset();
    let caught: unknown;
    try {
      await run(client, proxy.url);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(expected);
    expect(caught).toBeInstanceOf(SdkError);
    expect((caught as SdkError).code).toMatch(/^[A-Z_]+$/);
    expect(proxy.requests).toBe(0);
    // ...and the class belongs to the operation's ErrorType (`send: …` is prepareSend's row, and so on).
    const operation = operationOf(OPERATION_OF_ROW[_name.split(":")[0]!] ?? _name.split(":")[0]!);
    if (operation !== undefined) expectInErrorType(operation, caught);
  });

  it("the rows of every action are checked against its ErrorType", () => {
    const checked = rows.filter(
      ([name]) => operationOf(OPERATION_OF_ROW[name.split(":")[0]!] ?? name.split(":")[0]!) !== undefined,
    );
    expect(checked.length).toBeGreaterThanOrEqual(35);
  });

  it("the counting proxy does see requests (the zero counts above are not vacuous)", async () => {
    proxy.reset();
    await client.network.getStatus();
    expect(proxy.requests).toBe(1);
    expect(proxy.batches[0]).toContain("eth_chainId");
  });
});
