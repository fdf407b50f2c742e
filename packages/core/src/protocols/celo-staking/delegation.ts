// prepareGovernanceDelegate and prepareGovernanceUndelegate: one parse (to, percent), one lookup of what `from`
// delegates to `to` already, and one call each (LockedGold.delegateGovernanceVotes / revokeDelegatedGovernanceVotes).
import type { Address } from "viem";
import { parseAddress } from "../../validation/parseAddress.js";
import { fixidityPercent } from "./amounts.js";
import { CeloGovernanceRefusedError } from "./errors.js";
import type { CeloAccountState } from "./lens.js";
import { type CeloOperation, type CeloPlan, plannerInput } from "./operation.js";
import { parsePercent } from "./parameters.js";

/** Fixidity's 100 %. */
const WHOLE = 10n ** 24n;

/** Refuses the change, or returns nothing when it is allowed. */
function checkDelegation(
  direction: "delegate" | "undelegate",
  from: Address,
  to: Address,
  fraction: bigint,
  s: CeloAccountState,
): void {
  const percent = fixidityPercent(fraction);
  const current = s.delegations.find((d) => d.delegatee.toLowerCase() === to.toLowerCase())?.fraction ?? 0n;
  if (direction === "undelegate") {
    if (current >= fraction) return;
    throw new CeloGovernanceRefusedError({
      operation: "undelegate",
      reason: "not-delegated",
      message: `${from} delegates ${fixidityPercent(current)} % to ${to}, less than ${percent} %`,
      details: { delegatedPercent: fixidityPercent(current), percent },
    });
  }
  if (!s.isAccount) {
    throw new CeloGovernanceRefusedError({
      operation: "delegate",
      reason: "not-an-account",
      message: `${from} has no Celo account: lock CELO first`,
    });
  }
  if (s.delegatedFraction - current + fraction > WHOLE) {
    throw new CeloGovernanceRefusedError({
      operation: "delegate",
      reason: "delegation-too-large",
      message: `${from} delegates ${fixidityPercent(s.delegatedFraction)} % already; ${percent} % more to ${to} is over 100 %`,
      details: { delegatedPercent: fixidityPercent(s.delegatedFraction), percent },
    });
  }
}

/**
 * The operation that delegates `percent` of `from`'s governance voting power to `to`, or takes it back. @internal
 */
export function delegationOperation(
  direction: "delegate" | "undelegate",
): CeloOperation<{ to: Address; fraction: bigint }, CeloAccountState> {
  return {
    keys: ["to", "percent"],
    parse: (raw) => ({ to: parseAddress(raw.to, "to"), fraction: parsePercent(raw.percent) }),
    onChain: ({ to, fraction }) =>
      plannerInput(direction === "delegate" ? 10 : 11, ["address", "uint256"], [to, fraction]),
    plan: (from, { to, fraction }, s): CeloPlan => {
      checkDelegation(direction, from, to, fraction, s);
      const percent = fixidityPercent(fraction);
      const words =
        direction === "delegate"
          ? { verb: "Delegate", to: "to", functionName: "delegateGovernanceVotes" }
          : { verb: "Take back", to: "from", functionName: "revokeDelegatedGovernanceVotes" };
      return {
        summary: `${words.verb} ${percent} % of ${from}'s governance voting power ${words.to} ${to}`,
        calls: [
          {
            contract: "lockedGold",
            functionName: words.functionName,
            args: [to, fraction],
            description: `${words.verb} ${percent} % of governance voting power ${words.to} ${to}`,
          },
        ],
        intent: {
          kind: direction === "delegate" ? "governanceDelegate" : "governanceUndelegate",
          to,
          fraction: fraction.toString(),
        },
      };
    },
  };
}
