import { type Address, encodeFunctionData, type Hex } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../chain.js";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { FlowIntent, JsonValue, PreparedStep, SerializedPreparedFlow } from "../../flow/types.js";
import { celoAccountsAbi, celoElectionAbi, celoGovernanceAbi, celoLockedGoldAbi } from "./abis.js";
import { CELO_STAKING_ADDRESSES, CELO_STAKING_LABELS } from "./addresses.js";

const ABIS = {
  accounts: celoAccountsAbi,
  lockedGold: celoLockedGoldAbi,
  election: celoElectionAbi,
  governance: celoGovernanceAbi,
} as const;

/** A core contract a staking or governance step calls. @internal */
export type CeloStakingContract = keyof typeof ABIS;

/**
 * A step that calls a core contract: tagged calldata, `value` (wei) for `lock`, the description, and the decoded
 * `call` (bigints as decimal strings). Pure. @internal
 */
export function buildCeloStep(
  contract: CeloStakingContract,
  functionName: string,
  args: readonly unknown[],
  description: string,
  tag: (data: Hex) => Hex,
  value = 0n,
): PreparedStep {
  return {
    kind: "contract",
    to: CELO_STAKING_ADDRESSES[contract],
    data: tag(encodeFunctionData({ abi: ABIS[contract], functionName, args } as never)),
    value: value.toString(),
    description,
    call: {
      contract: CELO_STAKING_LABELS[contract],
      functionName,
      args: toJsonValue(args) as JsonValue[],
    },
  };
}

/** The prepared flow of a staking or governance operation. Pure. @internal */
export function celoFlow(
  from: Address,
  summary: string,
  steps: PreparedStep[],
  intent: FlowIntent,
  blockNumber: bigint,
): SerializedPreparedFlow {
  return {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary,
    steps,
    intent,
    preparedAt: { blockNumber: String(blockNumber) },
  };
}

/** CELO in words: `"50 CELO"`. @internal */
export function celo(wei: bigint): string {
  return `${formatAmount(wei, 18)} CELO`;
}
