// One error root: every error class that `preflow`, `preflow/aa`, `preflow/agent-id` and `preflow/x402` export (every package the
// umbrella re-exports: core, attribution, aa, agent-id) extends the one `SdkError`, is constructed from one
// parameters object, names itself, has a stable non-empty `code` and serialises to JSON with `name`, `code`,
// `message` and `details`, never with a secret it was given. The table below has one row per error class; a new
// error class without a row fails to compile and fails here. (The tool server's errors: packages/tools/test/errors.test.ts.)
import { createRequire } from "node:module";
import * as root from "preflow";
import * as aa from "preflow/aa";
import * as agentId from "preflow/agent-id";
import * as budget from "preflow/budget";
import * as x402 from "preflow/x402";
import { describe, expect, it } from "vitest";

const ENTRIES = {
  preflow: root,
  "preflow/aa": aa,
  "preflow/agent-id": agentId,
  "preflow/budget": budget,
  "preflow/x402": x402,
} as const;

/** The exports of a module whose name ends in `Error` and that are classes (constructors). */
type ErrorClasses<M> = {
  [K in keyof M as K extends `${string}Error`
    ? M[K] extends abstract new (
        ...args: never
      ) => unknown
      ? K
      : never
    : never]: M[K];
};
type AllErrorClasses = ErrorClasses<typeof root> &
  ErrorClasses<typeof aa> &
  ErrorClasses<typeof agentId> &
  ErrorClasses<typeof budget> &
  ErrorClasses<typeof x402>;
type Constructor = new (parameters: never) => root.SdkError;
type Row<C> = C extends new (
  parameters: infer P,
) => { code: infer Code }
  ? { parameters: P; code: Code }
  : never;

/** Secrets put into every parameter that may carry one: none of them may appear in the JSON. */
const SECRET = "sk_live_4f9c2e7b1d";
const SECRET_URL = `https://rpc.example.org/v2/celo?apikey=${SECRET}`;
const SECRET_REASON = `HTTP request failed. URL: https://rpc.example.org/v2/celo?apikey=${SECRET} Status: 401`;
const SECRET_CAUSE = new Error(`fetch ${SECRET_URL} failed with Authorization: Bearer ${SECRET}`);
const ADDRESS = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const HASH = `0x${"ab".repeat(32)}` as const;
const completed = { userOpHashes: [HASH], transactionHashes: [HASH] };

const TABLE: { [K in keyof AllErrorClasses]: Row<AllErrorClasses[K]> } = {
  // attribution (the root and its package base)
  SdkError: {
    parameters: { code: "SOME_CODE", message: "Something failed.", cause: SECRET_CAUSE },
    code: "SOME_CODE",
  },
  // budget
  BudgetError: {
    parameters: {
      code: "BUDGET_EXCEEDED",
      message: "The flow moves 6 USDC; 2 of 5 is left.",
      details: { token: "USDC", remaining: "2" },
      cause: SECRET_CAUSE,
    },
    code: "BUDGET_EXCEEDED",
  },
  AttributionError: {
    parameters: { code: "INVALID_CALLDATA", message: "Bad calldata.", details: { data: "0x1" } },
    code: "INVALID_CALLDATA",
  },
  InvalidAttributionTagError: {
    parameters: { tag: "a b", index: 1, rule: "characters" },
    code: "INVALID_ATTRIBUTION_TAG",
  },
  InvalidCalldataError: { parameters: { data: "0xabc" }, code: "INVALID_CALLDATA" },
  InvalidRequestFunctionError: { parameters: { request: 42 }, code: "INVALID_REQUEST_FUNCTION" },
  InvalidTransactionHashError: { parameters: { hash: "0x12" }, code: "INVALID_TRANSACTION_HASH" },
  TransactionNotFoundError: { parameters: { hash: HASH }, code: "TRANSACTION_NOT_FOUND" },
  TransactionRequestError: {
    parameters: { hash: HASH, reason: SECRET_REASON, cause: SECRET_CAUSE },
    code: "TRANSACTION_REQUEST_FAILED",
  },
  // core
  InvalidConfigError: {
    parameters: { option: "rpcUrl", rule: "must be an http(s) URL" },
    code: "INVALID_CONFIG",
  },
  UnknownOptionError: {
    parameters: { option: "rpcURL", suggestion: "rpcUrl", known: ["rpcUrl"] },
    code: "UNKNOWN_OPTION",
  },
  InvalidAddressError: { parameters: { field: "to", value: "0x123" }, code: "INVALID_ADDRESS" },
  InvalidAmountError: {
    parameters: { field: "amount", value: "1.2.3", rule: "not a decimal", token: "USDm", decimals: 18 },
    code: "INVALID_AMOUNT",
  },
  InsufficientBalanceError: {
    parameters: {
      owner: ADDRESS,
      token: "USDm",
      have: 1n,
      need: 2n,
      haveFormatted: "0.000000000000000001",
      needFormatted: "0.000000000000000002",
    },
    code: "INSUFFICIENT_BALANCE",
  },
  InvalidArgumentError: {
    parameters: { field: "flow", value: 1, rule: "must be an object" },
    code: "INVALID_ARGUMENT",
  },
  InvalidContractCallError: {
    parameters: { field: "functionName", reason: "not in the ABI", cause: SECRET_CAUSE },
    code: "INVALID_CONTRACT_CALL",
  },
  InvalidPreparedFlowError: {
    parameters: { path: "steps[0].to", rule: "not an address" },
    code: "INVALID_PREPARED_FLOW",
  },
  FlowAccountMismatchError: {
    parameters: { from: ADDRESS, account: OTHER, accountKind: "smart account" },
    code: "FLOW_ACCOUNT_MISMATCH",
  },
  InvalidFeeCurrencyError: {
    parameters: { feeCurrency: "WETH", rule: "WETH has no fee currency" },
    code: "INVALID_FEE_CURRENCY",
  },
  FeeEstimateRevertedError: {
    parameters: { step: 1, reason: 'Error("STF")' },
    code: "FEE_ESTIMATE_REVERTED",
  },
  ChainMismatchError: {
    parameters: { expected: 42220, actual: 1, rpcUrl: SECRET_URL },
    code: "CHAIN_MISMATCH",
  },
  RpcError: {
    parameters: {
      rpcUrl: SECRET_URL,
      method: "eth_call",
      reason: SECRET_REASON,
      status: 401,
      rpcCode: -32000,
    },
    code: "RPC_ERROR",
  },
  RpcRateLimitedError: {
    parameters: {
      rpcUrl: SECRET_URL,
      method: "eth_call",
      retryAfterMs: 5000,
      maxRetryAfterMs: 2000,
      status: 429,
    },
    code: "RPC_RATE_LIMITED",
  },
  RequestAbortedError: { parameters: { method: "eth_call", reason: SECRET_CAUSE }, code: "REQUEST_ABORTED" },
  SimulationUnsupportedError: {
    parameters: { rpcUrl: SECRET_URL, reason: "the method eth_simulateV1 does not exist" },
    code: "SIMULATION_UNSUPPORTED",
  },
  TokenReadError: {
    parameters: { symbol: "USDm", address: ADDRESS, functionName: "balanceOf", reason: SECRET_REASON },
    code: "TOKEN_READ_FAILED",
  },
  UnknownTokenError: {
    parameters: { token: "USDX", suggestions: ["USDm"], known: ["USDm", "USDC"] },
    code: "UNKNOWN_TOKEN",
  },
  BlockNotFoundError: { parameters: { block: "1000000000000" }, code: "BLOCK_NOT_FOUND" },
  ContractReadError: {
    parameters: {
      address: ADDRESS,
      functionName: "ownerOf(uint256)",
      reason: SECRET_REASON,
      data: "0x7e273289",
    },
    code: "CONTRACT_READ_FAILED",
  },
  InvalidEnsNameError: {
    parameters: { name: "a..eth", rule: "empty label", cause: SECRET_CAUSE },
    code: "INVALID_ENS_NAME",
  },
  UnsupportedEnsNameError: {
    parameters: {
      name: "alice.xyz",
      network: "celo",
      rule: "not a .celo.eth name",
      suggestion: "Use network ethereum.",
    },
    code: "UNSUPPORTED_ENS_NAME",
  },
  MissingEthRpcUrlError: { parameters: { name: "vitalik.eth" }, code: "MISSING_ETH_RPC_URL" },
  InvalidEnsNetworkError: {
    parameters: { network: "solana", allowed: ["celo", "ethereum"] },
    code: "INVALID_ENS_NETWORK",
  },
  NoRouteError: {
    parameters: {
      tokenIn: "BRLm",
      tokenOut: "USDT",
      tokenInAddress: ADDRESS,
      tokenOutAddress: OTHER,
      venues: ["uniswap", "mento"],
    },
    code: "NO_ROUTE",
  },
  ZeroQuoteError: {
    parameters: { tokenIn: "USDm", tokenOut: "USDC", amountIn: "0.000000000000000001", venues: ["uniswap"] },
    code: "ZERO_QUOTE",
  },
  NotAnAaveReserveError: {
    parameters: { field: "token", token: "BRLm", reserves: ["USDm", "USDC"] },
    code: "NOT_AN_AAVE_RESERVE",
  },
  GoodDollarRefusedError: {
    parameters: {
      operation: "claim",
      reason: "already-claimed",
      message: "the identity has already claimed today's UBI",
      details: { account: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", day: "3" },
    },
    code: "GOODDOLLAR_REFUSED",
  },
  CeloStakingRefusedError: {
    parameters: {
      operation: "withdraw",
      reason: "no-matured-withdrawal",
      message: "none has matured",
      details: { secondsLeft: 60 },
    },
    code: "CELO_STAKING_REFUSED",
  },
  Erc8004RefusedError: {
    parameters: {
      operation: "feedback",
      reason: "self-feedback",
      message: "the agent's owner and operators may not give it feedback",
      details: { agentId: "7" },
    },
    code: "ERC8004_REFUSED",
  },
  CeloGovernanceRefusedError: {
    parameters: { operation: "vote", reason: "not-in-referendum", message: "proposal 2 is queued" },
    code: "CELO_GOVERNANCE_REFUSED",
  },
  AaveReserveUnavailableError: {
    parameters: { operation: "borrow", token: "USDC", state: "frozen" },
    code: "AAVE_RESERVE_UNAVAILABLE",
  },
  AaveReadError: {
    parameters: { contract: "Aave v3 Pool", functionName: "getReserveData", reason: SECRET_REASON },
    code: "AAVE_READ_FAILED",
  },
  HealthFactorTooLowError: {
    parameters: {
      operation: "borrow",
      token: "USDC",
      amount: "100",
      healthFactor: "1.01",
      current: "2.5",
      floor: "1.1",
    },
    code: "HEALTH_FACTOR_TOO_LOW",
  },
  BorrowLimitExceededError: {
    parameters: { token: "USDC", amount: "1000", availableUsd: "10", availableInToken: "10" },
    code: "BORROW_LIMIT_EXCEEDED",
  },
  NoLendingPositionError: {
    parameters: { operation: "repay", token: "USDC", owner: ADDRESS },
    code: "NO_LENDING_POSITION",
  },
  AmountExceedsPositionError: {
    parameters: {
      operation: "withdraw",
      token: "USDC",
      amount: 2_000_000n,
      position: 1_000_000n,
      amountFormatted: "2",
      positionFormatted: "1",
    },
    code: "AMOUNT_EXCEEDS_POSITION",
  },
  // aa
  SendPreparedFlowAbortedError: { parameters: { reason: "stopped", completed }, code: "SEND_ABORTED" },
  ServiceUnreachableError: {
    parameters: {
      service: "rpc",
      url: SECRET_URL,
      method: "eth_sendUserOperation",
      reason: SECRET_REASON,
      status: 503,
      completed,
    },
    code: "SERVICE_UNREACHABLE",
  },
  ServiceResponseError: {
    parameters: {
      service: "sponsor",
      url: SECRET_URL,
      method: "pm_sponsorUserOperation",
      reason: SECRET_REASON,
      rpcCode: -32602,
    },
    code: "SERVICE_RESPONSE_ERROR",
  },
  SponsorshipUnauthorizedError: {
    parameters: {
      provider: "sponsor_a",
      url: SECRET_URL,
      method: "pm_sponsorUserOperation",
      status: 401,
      reason: SECRET_REASON,
    },
    code: "SPONSORSHIP_UNAUTHORIZED",
  },
  UserOperationBuildError: {
    parameters: { reason: "the owner could not sign", completed },
    code: "USEROP_BUILD_FAILED",
  },
  DelegationConflictError: {
    parameters: { account: ADDRESS, delegate: OTHER, expected: OTHER, completed },
    code: "DELEGATION_CONFLICT",
  },
  FeeCurrencyNotSponsoredError: {
    parameters: { stepIndex: 0, feeCurrency: ADDRESS },
    code: "FEE_CURRENCY_NOT_SPONSORED",
  },
  // agent-id
  AgentIdError: {
    parameters: {
      code: "AGENT_ID_HTTP_ERROR",
      message: "Failed.",
      status: 500,
      details: { path: "/v1/agents" },
      cause: SECRET_CAUSE,
    },
    code: "AGENT_ID_HTTP_ERROR",
  },
  AgentIdHttpError: {
    parameters: {
      method: "POST",
      path: "/v1/agents",
      status: 502,
      reason: SECRET_REASON,
      cause: SECRET_CAUSE,
    },
    code: "AGENT_ID_HTTP_ERROR",
  },
  AgentIdInvalidResponseError: {
    parameters: { path: "/v1/agents", field: "session", rule: "must be a string", status: 200 },
    code: "AGENT_ID_INVALID_RESPONSE",
  },
  AgentIdRegistrationExpiredError: { parameters: { status: 410 }, code: "AGENT_ID_REGISTRATION_EXPIRED" },
  AgentIdRegistrationFailedError: {
    parameters: { status: 400, reason: "rejected" },
    code: "AGENT_ID_REGISTRATION_FAILED",
  },
  AgentIdTimeoutError: { parameters: { timeoutMs: 30_000, lastStage: "pending" }, code: "AGENT_ID_TIMEOUT" },
  AgentIdUnavailableInBrowserError: { parameters: { operation: "fetch" }, code: "AGENT_ID_NODE_ONLY" },
  AgentRegistryNotDeployedError: {
    parameters: { address: "0xaC3DF9ABf80d0F5c020C06B04Cced27763355944", operation: "isVerifiedAgent" },
    code: "AGENT_REGISTRY_NOT_DEPLOYED",
  },
  MissingAgentIdKeyError: { parameters: { operation: "fetch" }, code: "MISSING_AGENT_ID_KEY" },
  // x402
  InvalidPaymentRequiredError: {
    parameters: { field: "accepts", value: "eip155:8453", rule: "offers no payment on eip155:42220" },
    code: "INVALID_PAYMENT_REQUIRED",
  },
  X402PaymentRefusedError: {
    parameters: {
      rule: "perDay",
      amount: "0.01",
      token: "USDC",
      payTo: ADDRESS,
      host: "api.example.com",
      limit: "0.02",
      spent: "0.02",
    },
    code: "X402_PAYMENT_REFUSED",
  },
  X402FetchError: {
    parameters: { url: "https://api.example.com/quote", nonce: HASH, signed: true, cause: SECRET_CAUSE },
    code: "X402_FETCH_FAILED",
  },
  X402SettlementFailedError: {
    parameters: { reason: "the node refused the transaction", code: "NODE_REFUSED", cause: SECRET_CAUSE },
    code: "X402_SETTLEMENT_FAILED",
  },
  X402SettlementPendingError: { parameters: { transaction: HASH }, code: "X402_SETTLEMENT_PENDING" },
};

/** `proto` is on `object`'s prototype chain (`proto.onPrototypeChainOf(object)`). */
const onPrototypeChainOf = (proto: object, object: unknown): boolean =>
  Object.prototype.isPrototypeOf.call(proto, object as object);

/** Every export of an entry that is a class whose instances are errors, by name. */
function errorClassesOf(entry: Record<string, unknown>): Map<string, Constructor> {
  const out = new Map<string, Constructor>();
  for (const [name, value] of Object.entries(entry)) {
    if (typeof value !== "function" || !value.prototype) continue;
    if (!onPrototypeChainOf(Error.prototype, value.prototype)) continue;
    out.set(name, value as Constructor);
  }
  return out;
}

const CLASSES = new Map<string, Constructor>();
for (const [entryName, entry] of Object.entries(ENTRIES)) {
  for (const [name, cls] of errorClassesOf(entry as Record<string, unknown>)) {
    const seen = CLASSES.get(name);
    if (seen && seen !== cls) throw new Error(`${entryName} exports a different ${name}`);
    CLASSES.set(name, cls);
  }
}

describe("every exported error of preflow, preflow/aa and preflow/agent-id", () => {
  it("finds the error classes: every export named …Error is a class or a function that is not one (listed)", () => {
    for (const [entryName, entry] of Object.entries(ENTRIES)) {
      const named = Object.keys(entry).filter((name) => name.endsWith("Error"));
      const classes = errorClassesOf(entry as Record<string, unknown>);
      // Every error class is named …Error, and every …Error export but the helper functions is an error class.
      for (const name of classes.keys()) expect(name, entryName).toMatch(/^[A-Z]\w*Error$/);
      expect(named.filter((name) => !classes.has(name)).sort(), entryName).toEqual(
        entryName === "preflow" ? ["summarizeError", "toRpcError"] : [],
      );
    }
    expect(CLASSES.size).toBeGreaterThanOrEqual(50);
    // One row per class, no row without a class.
    expect([...CLASSES.keys()].sort()).toEqual(Object.keys(TABLE).sort());
  });

  it("has one SdkError: the same object from every entry, and the root of every class", () => {
    for (const entry of Object.values(ENTRIES) as Record<string, unknown>[]) {
      if ("SdkError" in entry) expect(entry.SdkError).toBe(root.SdkError);
    }
    const roots = new Set<unknown>([root.SdkError]);
    for (const cls of CLASSES.values()) {
      let base: unknown = cls;
      while (base && Object.getPrototypeOf(base) !== Error) base = Object.getPrototypeOf(base);
      roots.add(base);
    }
    expect(roots.size).toBe(1);
    for (const [name, cls] of CLASSES) {
      expect(onPrototypeChainOf(Error.prototype, cls.prototype), name).toBe(true);
      expect(cls === root.SdkError || onPrototypeChainOf(root.SdkError.prototype, cls.prototype), name).toBe(
        true,
      );
    }
  });

  it("the CommonJS entries share one SdkError too (their own: the dual-package copy)", () => {
    const require = createRequire(import.meta.url);
    const cjs = {
      preflow: require("preflow") as typeof root,
      aa: require("preflow/aa") as typeof aa,
      agentId: require("preflow/agent-id") as typeof agentId,
    };
    expect(
      new cjs.aa.SponsorshipUnauthorizedError(TABLE.SponsorshipUnauthorizedError.parameters),
    ).toBeInstanceOf(cjs.preflow.SdkError);
    expect(new cjs.agentId.MissingAgentIdKeyError({ operation: "fetch" })).toBeInstanceOf(
      cjs.preflow.SdkError,
    );
    expect(cjs.aa.FlowAccountMismatchError).toBe(cjs.preflow.FlowAccountMismatchError);
  });

  it.each([...CLASSES.keys()].sort())(
    "%s: instanceof SdkError, its own name, a stable code, JSON with name, code, message, details and no secret",
    (name) => {
      const cls = CLASSES.get(name)!;
      const row = (TABLE as Record<string, { parameters: unknown; code: string } | undefined>)[name];
      if (!row) throw new Error(`no row for ${name} in TABLE: add one`);
      const error = new cls(row.parameters as never);

      expect(error).toBeInstanceOf(root.SdkError);
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(cls);
      expect(error.name).toBe(name);
      expect(typeof error.code).toBe("string");
      expect(error.code).not.toBe("");
      expect(error.code).toBe(row.code);
      expect(error.message).not.toBe("");
      expect(error.stack).toContain(name);

      const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(["code", "details", "message", "name"]);
      expect(json).toMatchObject({ name, code: row.code, message: error.message });
      expect(typeof json.details).toBe("object");
      expect(json.details).not.toBeNull();
      // details are JSON-safe: they survive the round trip unchanged.
      expect(json.details).toEqual(error.details);
      const text = JSON.stringify(error);
      expect(text).not.toContain(SECRET);
      expect(error.message).not.toContain(SECRET);
    },
  );
});
