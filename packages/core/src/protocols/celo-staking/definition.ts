import { defineProtocol } from "../definition.js";
import { CELO_STAKING_CONTRACTS } from "./abis.js";
import { decodeCeloStakingCall } from "./decoder.js";
import { celoStakingSimulation } from "./describeLogs.js";
import { CELO_STAKING_ERROR_CODES, type CeloStakingErrorCode, celoStakingRevertErrors } from "./errors.js";
import { type CeloStakingIntent, celoStakingIntents } from "./intents.js";

/**
 * Celo staking and governance on Celo's core contracts (Accounts, LockedGold, Election, Governance at their
 * mainnet proxy addresses): their calls read back from calldata, the intents (`lock`, `unlock`, `relock`,
 * `withdrawUnlocked`, `vote`, `activate`, `revoke`, `governanceUpvote`, `governanceRevokeUpvote`,
 * `governanceVote`, `governanceDelegate`, `governanceUndelegate`), the contracts' revert strings explained, and
 * the spending policy's decoder (a lock is CELO sent to LockedGold; the rest is left to `allow.contracts`), and
 * what a simulated step did in words from the contracts' events ("locks 50 CELO", "votes 30 CELO for Group A
 * (0x…)", the group's name read in the simulated block).
 *
 * @example
 * ```ts
 * import { celoStakingProtocol } from "@preflow/core";
 * celoStakingProtocol.contracts?.map((c) => c.label); // ["Celo Accounts", "Celo LockedGold", ...]
 * ```
 */
export const celoStakingProtocol = /* @__PURE__ */ defineProtocol<CeloStakingIntent, CeloStakingErrorCode>({
  id: "celo-staking",
  label: "Celo staking and governance",
  contracts: CELO_STAKING_CONTRACTS,
  intents: celoStakingIntents,
  errors: celoStakingRevertErrors,
  decoders: [decodeCeloStakingCall],
  simulation: celoStakingSimulation,
  errorCodes: CELO_STAKING_ERROR_CODES,
});
