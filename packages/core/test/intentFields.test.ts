// intentFields (each field of an intent kind named once) and the kinds built with it or with a shared factory:
// fields read in the listed order, and the words and mismatch rules of Aave's lending kinds and of delegating
// governance votes, through the real parsePreparedFlow and formatPreparedFlow.
import fc from "fast-check";
import { encodeFunctionData, type Hex, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { InvalidPreparedFlowError } from "../src/errors/preparedFlow.js";
import { formatPreparedFlow } from "../src/flow/formatPreparedFlow.js";
import { parsePreparedFlow } from "../src/flow/parsePreparedFlow.js";
import type { SerializedPreparedFlow } from "../src/flow/types.js";
import { aaveV3PoolAbi } from "../src/protocols/aave-v3/abis.js";
import { AAVE_V3_ADDRESSES } from "../src/protocols/aave-v3/addresses.js";
import { celoGovernanceAbi, celoLockedGoldAbi } from "../src/protocols/celo-staking/abis.js";
import { CELO_STAKING_ADDRESSES } from "../src/protocols/celo-staking/addresses.js";
import type { IntentKindDefinition } from "../src/protocols/definition.js";
import { intentFields } from "../src/protocols/intentFields.js";
import { PROTOCOLS } from "../src/protocols/registry.js";
import { TOKENS } from "../src/tokens/registry.js";

const FROM = "0x1111111111111111111111111111111111111111";
const B = "0x2222222222222222222222222222222222222222";
const USDC = TOKENS.USDC.address;
const ACCOUNT: Hex = FROM;

const flowOf = (to: string, data: Hex, intent: unknown): SerializedPreparedFlow =>
  ({
    preparedFlow: true,
    chainId: 42220,
    from: FROM,
    summary: "test",
    steps: [{ kind: "contract", to, data, value: "0", description: "the action" }],
    intent,
  }) as SerializedPreparedFlow;

const errorOf = (input: unknown): string => {
  try {
    parsePreparedFlow(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPreparedFlowError);
    const { path, rule } = (error as InvalidPreparedFlowError).details;
    return `${path}: ${rule}`;
  }
  throw new Error("accepted");
};

describe("intentFields", () => {
  it("gives the rules' keys as the kind's fields, in order", () => {
    const kind = intentFields("vote", { group: "address", amount: "uint", value: { oneOf: ["yes", "no"] } });
    expect(kind.fields).toEqual(["group", "amount", "value"]);
  });

  it("parses { kind, ...fields } in that order by each field's rule (a registered kind built with it)", () => {
    const lower = "0x765de816845861e75a25fca122bb6898b8b1282a";
    const flow = parsePreparedFlow(
      flowOf(TOKENS.USDm.address, "0x", { functionName: "vote", to: lower, kind: "contractCall" }),
    );
    expect(flow.intent).toEqual({ kind: "contractCall", to: TOKENS.USDm.address, functionName: "vote" });
    expect(Object.keys(flow.intent ?? {})).toEqual(["kind", "to", "functionName"]);
    expect(errorOf(flowOf(B, "0x", { kind: "contractCall", to: B, functionName: "" }))).toMatch(
      /^intent\.functionName: /,
    );
    expect(errorOf(flowOf(B, "0x", { kind: "governanceVote", proposalId: "1", value: "maybe" }))).toMatch(
      /^intent\.value: must be one of/,
    );
  });

  it("every registered kind reads its fields in the listed order: the first bad field is the one named", () => {
    const kinds = PROTOCOLS.flatMap((protocol) =>
      Object.entries<IntentKindDefinition>(protocol.intents ?? {}).map(([kind, definition]) => ({
        kind,
        fields: definition.fields,
      })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.constantFrom<unknown>(7, null, true, {}, 1.5),
        ({ kind, fields }, bad) => {
          const intent = Object.fromEntries([["kind", kind], ...fields.map((field) => [field, bad])]);
          expect(errorOf(flowOf(B, "0x", intent))).toMatch(new RegExp(`^intent\\.${fields[0]}: `));
        },
      ),
    );
  });
});

describe("Aave's lending kinds (one table row each)", () => {
  const pool = AAVE_V3_ADDRESSES.pool;
  const call = (
    kind: "supply" | "withdraw" | "borrow" | "repay",
    amount: bigint,
    account: Hex = ACCOUNT,
  ): Hex => {
    if (kind === "supply")
      return encodeFunctionData({ abi: aaveV3PoolAbi, functionName: kind, args: [USDC, amount, account, 0] });
    if (kind === "withdraw")
      return encodeFunctionData({ abi: aaveV3PoolAbi, functionName: kind, args: [USDC, amount, account] });
    if (kind === "borrow")
      return encodeFunctionData({
        abi: aaveV3PoolAbi,
        functionName: kind,
        args: [USDC, amount, 2n, 0, account],
      });
    return encodeFunctionData({ abi: aaveV3PoolAbi, functionName: kind, args: [USDC, amount, 2n, account] });
  };
  const lending = (kind: string, amount: bigint) => ({
    kind,
    protocol: "aave-v3",
    token: USDC,
    amount: `${amount}`,
  });

  it.each([
    ["supply", 10_000_000n, "Supply 10 USDC to Aave v3"],
    ["withdraw", 10_000_000n, "Withdraw 10 USDC from Aave v3"],
    ["withdraw", maxUint256, "Withdraw all your USDC from Aave v3"],
    ["borrow", 10_000_000n, "Borrow 10 USDC from Aave v3"],
    ["repay", 10_000_000n, "Repay 10 USDC to Aave v3"],
    ["repay", maxUint256, "Repay all your USDC debt to Aave v3"],
  ] as const)("%s of %s reads %j", (kind, amount, words) => {
    expect(formatPreparedFlow(flowOf(pool, call(kind, amount), lending(kind, amount)))).toContain(words);
  });

  it("says no 'all your' for a max supply or borrow (only withdraw and repay take everything)", () => {
    for (const kind of ["supply", "borrow"] as const) {
      const text = formatPreparedFlow(flowOf(pool, call(kind, maxUint256), lending(kind, maxUint256)));
      expect(text).not.toContain("all your");
    }
  });

  it("refuses calldata for another account or another call, naming the kind", () => {
    expect(errorOf(flowOf(pool, call("borrow", 5n, B), lending("borrow", 5n)))).toMatch(
      /^intent: says borrow 5 of 0x.* for 0x1111111111111111111111111111111111111111, but the calldata is borrow\(/,
    );
    expect(errorOf(flowOf(pool, call("supply", 5n), lending("repay", 5n)))).toBe(
      "intent: says an Aave repay, but its last step does not call the Pool's repay",
    );
  });
});

describe("Celo governance kinds (delegationKind, lastStepCalls)", () => {
  const lockedGold = CELO_STAKING_ADDRESSES.lockedGold;
  const half = 5n * 10n ** 23n;
  const delegate = (fn: "delegateGovernanceVotes" | "revokeDelegatedGovernanceVotes", to: Hex) =>
    encodeFunctionData({ abi: celoLockedGoldAbi, functionName: fn, args: [to, half] });

  it("says delegating and taking back in words", () => {
    const give = { kind: "governanceDelegate", to: B, fraction: `${half}` };
    const take = { ...give, kind: "governanceUndelegate" };
    expect(formatPreparedFlow(flowOf(lockedGold, delegate("delegateGovernanceVotes", B), give))).toContain(
      `Delegate 50 % of governance voting power to ${B}`,
    );
    expect(
      formatPreparedFlow(flowOf(lockedGold, delegate("revokeDelegatedGovernanceVotes", B), take)),
    ).toContain(`Take back 50 % of governance voting power delegated to ${B}`);
  });

  it("refuses the other function or another delegatee, with each kind's rule", () => {
    const give = { kind: "governanceDelegate", to: B, fraction: `${half}` };
    const take = { ...give, kind: "governanceUndelegate" };
    expect(errorOf(flowOf(lockedGold, delegate("revokeDelegatedGovernanceVotes", B), give))).toBe(
      `intent: says a delegation of ${half} to ${B}, but the last step is not that LockedGold.delegateGovernanceVotes`,
    );
    expect(errorOf(flowOf(lockedGold, delegate("revokeDelegatedGovernanceVotes", FROM), take))).toBe(
      `intent: says an undelegation of ${half} from ${B}, but the last step is not that LockedGold.revokeDelegatedGovernanceVotes`,
    );
  });

  it("checks a governance vote's proposal and value, not its index", () => {
    const governance = CELO_STAKING_ADDRESSES.governance;
    const vote = (value: number, index = 0n) =>
      encodeFunctionData({ abi: celoGovernanceAbi, functionName: "vote", args: [1n, index, value] });
    const intent = { kind: "governanceVote", proposalId: "1", value: "yes" };
    expect(parsePreparedFlow(flowOf(governance, vote(3, 7n), intent)).intent).toEqual(intent);
    expect(errorOf(flowOf(governance, vote(2), intent))).toBe(
      "intent: says a yes vote on proposal 1, but the last step is not that Governance.vote",
    );
  });
});
