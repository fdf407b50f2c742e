import { parseAmount } from "../../amounts/parseAmount.js";
import { InvalidArgumentError } from "../../errors/argument.js";

/** A positive amount of CELO from a human decimal string (`"50"`, `"0.5"`), in wei. @internal */
export function parseCeloAmount(value: unknown, field = "amount"): bigint {
  return parseAmount(value, { decimals: 18, token: "CELO", field });
}

/** A governance proposal id: a positive integer (bigint, safe integer or decimal string). @internal */
export function parseProposalId(value: unknown, field = "proposalId"): bigint {
  const ok =
    (typeof value === "bigint" && value > 0n && value < 2n ** 256n) ||
    (typeof value === "number" && Number.isSafeInteger(value) && value > 0) ||
    (typeof value === "string" && /^[1-9][0-9]{0,77}$/.test(value) && BigInt(value) < 2n ** 256n);
  if (!ok) {
    throw new InvalidArgumentError({
      field,
      value,
      rule: "a positive integer proposal id (bigint, number or decimal string)",
    });
  }
  return BigInt(value as bigint | number | string);
}

/** A referendum vote: how an account votes on a proposal. */
export type GovernanceVoteValue = "abstain" | "no" | "yes";

/** Governance's vote values (`Governance.VoteValue`: None 0, Abstain 1, No 2, Yes 3). @internal */
export const GOVERNANCE_VOTE_VALUES: Readonly<Record<GovernanceVoteValue, 1 | 2 | 3>> = {
  abstain: 1,
  no: 2,
  yes: 3,
};

/** `"yes"`, `"no"` or `"abstain"`. @internal */
export function parseVoteValue(value: unknown, field = "value"): GovernanceVoteValue {
  if (value === "yes" || value === "no" || value === "abstain") return value;
  throw new InvalidArgumentError({ field, value, rule: 'one of "yes", "no", "abstain"' });
}

/**
 * A percentage of governance voting power, `0 < p <= 100`, as a decimal string or number (`"50"`, `12.5`),
 * returned as LockedGold's Fixidity fraction (1e24 = 100 %). @internal
 */
export function parsePercent(value: unknown, field = "percent"): bigint {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  let fraction: bigint;
  try {
    fraction = parseAmount(text, { decimals: 22, field });
  } catch {
    throw new InvalidArgumentError({
      field,
      value,
      rule: 'a percentage above 0 and at most 100 ("50", "12.5")',
    });
  }
  if (fraction <= 0n || fraction > 10n ** 24n) {
    throw new InvalidArgumentError({
      field,
      value,
      rule: 'a percentage above 0 and at most 100 ("50", "12.5")',
    });
  }
  return fraction;
}
