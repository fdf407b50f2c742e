import type { Abi } from "viem";
import { decodeCallStrictly } from "../decodeCallStrictly.js";
import type { StepDecoder } from "../definition.js";
import { CELO_STAKING_CONTRACTS } from "./abis.js";

const CONTRACTS: readonly { address: string; label: string; abi: Abi }[] = CELO_STAKING_CONTRACTS.map(
  (c) => ({ ...c, address: c.address.toLowerCase() }),
);

/**
 * The spending policy's view of a staking or governance step (calldata decoded strictly, at the core contract's
 * own address only):
 * - `LockedGold.lock()` sends CELO as the step's value: the generic `native` effect of that value (made for
 *   every step) lets `caps.CELO` and `allow.recipients` decide whether the agent may lock; the call is known;
 * - every other call (vote, activate, revoke, unlock, relock, withdraw, createAccount, upvote, governance votes,
 *   delegation) moves no token: a `call` effect left to `allow.contracts` (`known: false`), so a policy with an
 *   `allow.contracts` list allows staking and voting only when it lists the core contract (LockedGold, Election,
 *   Governance, Accounts), and denies them otherwise. @internal
 */
export const decodeCeloStakingCall: StepDecoder = (step) => {
  const contract = CONTRACTS.find((c) => c.address === step.to.toLowerCase());
  if (!contract) return undefined;
  const decoded = decodeCallStrictly(contract.abi, step.data);
  if (!decoded) return undefined;
  const label = `${contract.label} ${decoded.functionName}`;
  const selector = step.data.slice(0, 10) as `0x${string}`;
  if (decoded.functionName === "lock") {
    return [{ kind: "call", step: step.index, to: step.to, selector, known: true, label }];
  }
  if (step.value !== 0n) return undefined;
  return [{ kind: "call", step: step.index, to: step.to, selector, known: false, label }];
};
