// Without a network: the budget value's parser (strict, never fooled by a doctored budget), the grant's input
// checks before any I/O, the coverage check's typed refusals, the words.

import { DELEGATOR_CONTRACTS } from "@metamask/delegation-deployments";
import { createSdkClient, type SerializedPreparedFlow } from "@preflow/core";
import { SdkError } from "@preflow/errors";
import fc from "fast-check";
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  type AgentBudget,
  BudgetError,
  checkBudgetCoverage,
  DELEGATION_FRAMEWORK_ADDRESSES,
  describeAgentBudget,
  describeEnforcerRefusal,
  type GetAgentBudgetReturnType,
  grantAgentBudget,
  parseBudget,
} from "../src/index.js";
import { budgetCaveats } from "../src/internal/caveats.js";
import { delegationHash, delegationTypedData } from "../src/internal/delegation.js";

const USDC: Address = "0xcebA9300f2b948710d2653dD7B07f33A8B32118C";
const USDM: Address = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const ownerKey = generatePrivateKey();
const owner = privateKeyToAccount(ownerKey);
const agent = privateKeyToAccount(generatePrivateKey()).address;
const shop = privateKeyToAccount(generatePrivateKey()).address;
const other = privateKeyToAccount(generatePrivateKey()).address;

async function makeBudget(
  recipients: Address[] | null = [shop],
  validUntil: string | null = "2000000000",
): Promise<AgentBudget> {
  const limits = [
    {
      token: "USDC",
      address: USDC,
      decimals: 6,
      amount: "5",
      baseUnits: "5000000",
      period: "perDay" as const,
      periodSeconds: "86400",
      startDate: "1700000000",
    },
    {
      token: "USDm",
      address: USDM,
      decimals: 18,
      amount: "3",
      baseUnits: "3000000000000000000",
      period: "perDay" as const,
      periodSeconds: "86400",
      startDate: "1700000000",
    },
  ];
  const unsigned = {
    delegate: agent,
    delegator: owner.address,
    authority: `0x${"f".repeat(64)}` as Hex,
    caveats: budgetCaveats({ limits, recipients, validUntil }),
    salt: "12345",
  };
  const signature = await owner.signTypedData(delegationTypedData(unsigned));
  return parseBudget({
    kind: "preflow-agent-budget",
    version: 1,
    chainId: 42220,
    delegationManager: DELEGATION_FRAMEWORK_ADDRESSES.DelegationManager,
    owner: owner.address,
    agent,
    limits,
    recipients,
    validUntil,
    delegationHash: delegationHash(unsigned),
    delegation: { ...unsigned, signature },
  });
}

function stateOf(
  budget: AgentBudget,
  overrides: Partial<GetAgentBudgetReturnType> = {},
  usdcLeft = "5000000",
): GetAgentBudgetReturnType {
  return {
    budget,
    chainTime: "1700000100",
    blockNumber: "1",
    tokens: budget.limits.map((l) => ({
      ...l,
      limit: l.amount,
      spent: "0",
      spentBaseUnits: l.token === "USDC" ? String(5_000_000n - BigInt(usdcLeft)) : "0",
      remaining: l.token === "USDC" ? String(Number(usdcLeft) / 1e6) : l.amount,
      remainingBaseUnits: l.token === "USDC" ? usdcLeft : l.baseUnits,
      periodEnd: "1700086400",
    })),
    revoked: false,
    expired: false,
    ownerReady: true,
    active: true,
    ...overrides,
  };
}

function transferFlow(
  steps: { token: Address; to: Address; amount: bigint }[],
  from: Address = owner.address,
): SerializedPreparedFlow {
  return {
    preparedFlow: true,
    chainId: 42220,
    from,
    summary: "test",
    steps: steps.map((s) => ({
      kind: "erc20",
      to: s.token,
      data: `${encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [s.to, s.amount] })}${"ab".repeat(3)}80218021802180218021802180218021` as Hex,
      value: "0",
      description: "transfer",
    })),
  } as SerializedPreparedFlow;
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BudgetError);
    return (error as BudgetError).code;
  }
  return undefined;
}

function messageOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BudgetError);
    return (error as BudgetError).message;
  }
  return undefined;
}

describe("addresses", () => {
  it("are @metamask/delegation-deployments 2.0.0's for v1.3.0 on chain 42220", () => {
    const published = (DELEGATOR_CONTRACTS["1.3.0"] as Record<number, Record<string, string>>)[42220]!;
    for (const [name, address] of Object.entries(DELEGATION_FRAMEWORK_ADDRESSES))
      expect(address, name).toBe(getAddress(published[name]!));
  });
});

describe("parseBudget", () => {
  it("round-trips through JSON and refuses a doctored budget", async () => {
    const budget = await makeBudget();
    expect(parseBudget(JSON.stringify(budget))).toEqual(budget);
    const raised = structuredClone(budget);
    raised.limits[0]!.amount = "500";
    raised.limits[0]!.baseUnits = "500000000";
    expect(codeOf(() => parseBudget(raised))).toBe("BUDGET_INVALID"); // words no longer match the signed caveats
    // the words a reader sees must be the base units the caveats hold (found by the mutation property below)
    const fewerDecimals = structuredClone(budget);
    fewerDecimals.limits[0]!.decimals = 0;
    expect(messageOf(() => parseBudget(fewerDecimals))).toMatch(/limits\[0\]\.decimals` must be 6/);
    const renamed = structuredClone(budget);
    renamed.limits[0]!.token = "USDT";
    expect(messageOf(() => parseBudget(renamed))).toMatch(/limits\[0\]\.token` must be USDC/);
    const reworded = structuredClone(budget);
    reworded.limits[0]!.amount = "50";
    expect(messageOf(() => parseBudget(reworded))).toMatch(/limits\[0\]\.amount` must be/);
    const stretched = structuredClone(budget);
    stretched.limits[0]!.periodSeconds = "604800";
    expect(messageOf(() => parseBudget(stretched))).toMatch(/periodSeconds` must be 86400 for perDay/);
    const widened = structuredClone(budget);
    widened.recipients = null;
    expect(codeOf(() => parseBudget(widened))).toBe("BUDGET_INVALID");
    const extra = { ...structuredClone(budget), privateKey: ownerKey };
    expect(() => parseBudget(extra)).toThrow(/unknown key/);
    expect(codeOf(() => parseBudget({ ...budget, delegationHash: `0x${"00".repeat(32)}` }))).toBe(
      "BUDGET_INVALID",
    );
  });

  it("never throws anything but BudgetError on garbage, and never accepts it", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(codeOf(() => parseBudget(value))).toBe("BUDGET_INVALID");
      }),
      { numRuns: 300 },
    );
  });

  it("refuses any single-field mutation of a budget", async () => {
    const budget = await makeBudget([shop, other]);
    const json = JSON.stringify(budget);
    fc.assert(
      fc.property(fc.nat({ max: json.length - 1 }), fc.constantFrom("0", "1", "f", "9"), (at, char) => {
        if (json[at] === char || !/[0-9a-f]/.test(json[at]!)) return;
        const mutated = json.slice(0, at) + char + json.slice(at + 1);
        let parsed: AgentBudget | undefined;
        try {
          parsed = parseBudget(mutated);
        } catch (error) {
          expect(error).toBeInstanceOf(BudgetError);
          return;
        }
        // only the signature or an address's case-insensitive digit may change without a refusal; never the rules
        expect(parsed.limits).toEqual(budget.limits);
        expect(parsed.recipients?.map((r) => r.toLowerCase())).toEqual(
          budget.recipients?.map((r) => r.toLowerCase()),
        );
        expect(parsed.validUntil).toBe(budget.validUntil);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("grantAgentBudget input", () => {
  const client = createSdkClient({ rpcUrl: "http://127.0.0.1:9" }); // nothing listens: any I/O would fail differently
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ["unknown key", { owner, agent, limits: { USDC: { perDay: "1" } }, recepients: [shop] }, /recepients/],
    ["bad agent", { owner, agent: "0x12", limits: { USDC: { perDay: "1" } } }, /agent/],
    ["no limits", { owner, agent, limits: {} }, /limits/],
    ["unknown token", { owner, agent, limits: { NOPE: { perDay: "1" } } }, /NOPE/],
    ["two periods", { owner, agent, limits: { USDC: { perDay: "1", perWeek: "2" } } }, /exactly one/],
    ["zero", { owner, agent, limits: { USDC: { perDay: "0" } } }, /limits.USDC/],
    ["too many decimals", { owner, agent, limits: { USDC: { perDay: "0.0000001" } } }, /limits.USDC/],
    ["bad recipients", { owner, agent, limits: { USDC: { perDay: "1" } }, recipients: [] }, /recipients/],
    ["bad expiry", { owner, agent, limits: { USDC: { perDay: "1" } }, validUntil: -5 }, /validUntil/],
    ["not a signer", { owner: "0xabc", agent, limits: { USDC: { perDay: "1" } } }, /owner/],
  ];
  for (const [name, parameters, field] of bad) {
    it(`refuses ${name} before any I/O`, async () => {
      const error = await grantAgentBudget(client, parameters as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SdkError);
      expect((error as SdkError).code).not.toMatch(/^RPC_/);
      expect((error as Error).message).toMatch(field);
      expect(JSON.stringify(error)).not.toContain(ownerKey.slice(2));
    });
  }
});

describe("checkBudgetCoverage", () => {
  it("covers transfers of budgeted tokens to allowed recipients within what is left", async () => {
    const budget = await makeBudget([shop, other]);
    const transfers = checkBudgetCoverage({
      state: stateOf(budget),
      flow: transferFlow([
        { token: USDC, to: shop, amount: 2_000_000n },
        { token: USDM, to: other, amount: 10n ** 18n },
      ]),
    });
    expect(transfers.map((t) => [t.token, t.to, t.amount])).toEqual([
      ["USDC", shop, "2"],
      ["USDm", other, "1"],
    ]);
  });

  it("refuses with typed errors that say what the grant allows", async () => {
    const budget = await makeBudget();
    const ok = transferFlow([{ token: USDC, to: shop, amount: 1n }]);
    const check = (flow: unknown, overrides: Partial<GetAgentBudgetReturnType> = {}, left?: string) =>
      codeOf(() => checkBudgetCoverage({ state: stateOf(budget, overrides, left), flow }));
    expect(
      check(
        transferFlow([
          { token: USDC, to: shop, amount: 3_000_000n },
          { token: USDC, to: shop, amount: 2_500_000n },
        ]),
      ),
    ).toBe("BUDGET_EXCEEDED");
    expect(check(transferFlow([{ token: USDC, to: shop, amount: 2_000_000n }]), {}, "1000000")).toBe(
      "BUDGET_EXCEEDED",
    );
    expect(check(transferFlow([{ token: USDC, to: other, amount: 1n }]))).toBe(
      "BUDGET_RECIPIENT_NOT_ALLOWED",
    );
    expect(check(ok, { revoked: true })).toBe("BUDGET_REVOKED");
    expect(check(ok, { expired: true })).toBe("BUDGET_EXPIRED");
    expect(check(ok, { ownerReady: false })).toBe("BUDGET_OWNER_NOT_READY");
    expect(check(transferFlow([{ token: USDC, to: shop, amount: 1n }], other))).toBe(
      "BUDGET_FLOW_NOT_COVERED",
    );
    const approve = transferFlow([{ token: USDC, to: shop, amount: 1n }]);
    approve.steps[0]!.data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [shop, 1n] });
    expect(check(approve)).toBe("BUDGET_FLOW_NOT_COVERED");
    const native = transferFlow([{ token: USDC, to: shop, amount: 1n }]);
    native.steps[0] = {
      kind: "native",
      to: shop,
      data: "0x",
      value: "1",
      description: "1 wei of CELO",
    } as never;
    expect(check(native)).toBe("BUDGET_FLOW_NOT_COVERED"); // CELO is not in this budget
    try {
      checkBudgetCoverage({ state: stateOf(budget), flow: approve });
    } catch (error) {
      expect((error as BudgetError).message).toContain("at most 5 USDC per day");
      expect((error as BudgetError).details.allows).toContain(`only to ${shop}`);
    }
  });
});

describe("words", () => {
  it("describes the grant", async () => {
    const text = describeAgentBudget(await makeBudget([shop, other], null));
    expect(text).toContain(`Agent ${agent} may move the tokens of ${owner.address}`);
    expect(text).toContain("at most 5 USDC per day");
    expect(text).toContain("at most 3 USDm per day");
    expect(text).toContain(`only to one of ${shop}, ${other}`);
    expect(text).toContain("with no expiry");
  });

  it("says the framework's refusals in words", () => {
    expect(
      describeEnforcerRefusal(
        'the simulation reverted: Error("MultiTokenPeriodEnforcer:transfer-amount-exceeded")',
      ),
    ).toBe(
      "the budget's cap for this token in this period is used up (MultiTokenPeriodEnforcer:transfer-amount-exceeded)",
    );
    expect(describeEnforcerRefusal("AllowedCalldataEnforcer:invalid-calldata")).toMatch(/recipient/);
    expect(describeEnforcerRefusal("TimestampEnforcer:expired-delegation")).toMatch(/expired/);
    expect(describeEnforcerRefusal("CannotUseADisabledDelegation()")).toMatch(/revoked/);
    expect(describeEnforcerRefusal("out of gas")).toBeUndefined();
  });
});
