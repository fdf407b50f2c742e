import type { PolicyViolation } from "../errors/policy.js";
import type { FlowEffect } from "./decoders/index.js";
import type { StepFee } from "./flowFees.js";
import type { LoadedPolicy } from "./loadPolicy.js";

/** An approval of at least 2^128 base units counts as unlimited (no token's supply comes near it). @internal */
export const UNLIMITED_APPROVAL = 2n ** 128n;

/**
 * What a step spends once sent, per token (lowercase address), base units; `fee: true` for the most its gas can
 * cost in a fee currency (`fee.max`, replaced by what the receipt says it paid). @internal
 */
export type StepSpends = Map<number, { token: string; amount: bigint; fee?: true }[]>;

/** The outcome of {@link checkPolicy}: the rules broken, and what each step spends (for the ledger). @internal */
export interface PolicyCheck {
  violations: PolicyViolation[];
  spends: StepSpends;
  /** Spent by the whole flow, per token (lowercase address). */
  totals: Map<string, bigint>;
  /** Tokens (lowercase addresses) the flow approves without limit (not counted in `totals`). */
  unlimited: Set<string>;
}

/**
 * Checks a decoded flow against the policy, before signing. A flow's spend of a token is its transfers
 * (ERC-20 `transfer`, and CELO value for CELO) plus, per spender, the larger of what it approves and what
 * recognised calls pull through that allowance. Caps bound that spend per call and, with what was spent in
 * the last 24 h, per day; an unlimited approval of a capped token breaks its caps. What a recognised call
 * delivers (a swap's output) must go to `from` or to a recipient in `allow.recipients`. Gas paid in a capped token
 * (`fees`: CIP-64, each step's `fee.max`) counts with the amounts: a flow fits a cap only with its fee. @internal
 */
/** What the check gathers while it reads the flow: the rules broken, each step's spends and the totals. */
interface Tally {
  policy: LoadedPolicy;
  violations: PolicyViolation[];
  spends: StepSpends;
  totals: Map<string, bigint>;
  unlimitedTokens: Set<string>;
  /** Per `token:spender`: what the flow approves and what recognised calls pull through the allowance. */
  allowances: Map<string, { step: number; token: string; approved: bigint; pulled: bigint }>;
  /**
   * Per `token:contract`, what approvals granted *through* that contract (Permit2) hand on from its own ERC-20
   * allowance: counted on the approval it feeds, so not again on the contract's allowance.
   */
  relayed: Map<string, bigint>;
  /** Per token, the most the flow's gas can cost in it (CIP-64). */
  feeTotals: Map<string, bigint>;
  add(step: number, token: string, amount: bigint): void;
  symbol(token: string): string;
}

export function checkPolicy(
  policy: LoadedPolicy,
  effects: readonly FlowEffect[],
  celo: string,
  from?: string,
  fees: readonly StepFee[] = [],
  /** What the signer spent of each capped token in the last 24 h (lowercase address → base units; the ledger's). */
  spent: ReadonlyMap<string, bigint> = new Map(),
): PolicyCheck {
  const tally = newTally(policy);
  readEffects(tally, effects, celo, from);
  countAllowances(tally);
  countFees(tally, fees);
  checkCaps(tally, spent);
  const { violations, spends, totals, unlimitedTokens } = tally;
  return { violations, spends, totals, unlimited: unlimitedTokens };
}

function newTally(policy: LoadedPolicy): Tally {
  const tally: Tally = {
    policy,
    violations: [],
    spends: new Map(),
    totals: new Map(),
    unlimitedTokens: new Set(),
    allowances: new Map(),
    relayed: new Map(),
    feeTotals: new Map(),
    add(step, token, amount) {
      const key = token.toLowerCase();
      tally.totals.set(key, (tally.totals.get(key) ?? 0n) + amount);
      tally.spends.set(step, [...(tally.spends.get(step) ?? []), { token: key, amount }]);
    },
    symbol: (token) => policy.caps.get(token.toLowerCase())?.symbol ?? policy.symbol(token),
  };
  return tally;
}

/** Each effect of the flow: its spend counted, its recipient, spender or contract checked against `allow`. */
function readEffects(
  tally: Tally,
  effects: readonly FlowEffect[],
  celo: string,
  from: string | undefined,
): void {
  const { policy, violations, allowances, relayed, unlimitedTokens, add, symbol } = tally;
  const callSteps = new Set(effects.filter((effect) => effect.kind === "call").map((effect) => effect.step));
  const allow = {
    recipients: policy.allow.recipients === undefined ? undefined : new Set(policy.allow.recipients),
    spenders: policy.allow.spenders === undefined ? undefined : new Set(policy.allow.spenders),
    contracts: policy.allow.contracts === undefined ? undefined : new Set(policy.allow.contracts),
  };
  for (const effect of effects) {
    switch (effect.kind) {
      case "transfer":
      case "native": {
        const token = effect.kind === "native" ? celo : effect.token;
        add(effect.step, token, effect.amount);
        const plain = effect.kind === "transfer" || !callSteps.has(effect.step);
        if (plain && allow.recipients && !allow.recipients.has(effect.to.toLowerCase())) {
          violations.push({
            rule: "allow.recipients",
            step: effect.step,
            message: `recipient ${effect.to} is not in allow.recipients (sending ${policy.format(effect.amount, token)} ${symbol(token)})`,
            address: effect.to,
            token: symbol(token),
            requested: policy.format(effect.amount, token),
          });
        }
        break;
      }
      case "approve":
      case "pull": {
        const key = `${effect.token.toLowerCase()}:${effect.spender.toLowerCase()}`;
        const entry = allowances.get(key) ?? {
          step: effect.step,
          token: effect.token,
          approved: 0n,
          pulled: 0n,
        };
        if (effect.kind === "approve") entry.approved += effect.amount;
        else entry.pulled += effect.amount;
        allowances.set(key, entry);
        if (effect.kind === "approve" && effect.through !== undefined) {
          const relay = `${effect.token.toLowerCase()}:${effect.through.toLowerCase()}`;
          relayed.set(relay, (relayed.get(relay) ?? 0n) + effect.amount);
        }
        if (effect.kind === "approve" && effect.amount > 0n) {
          if (effect.amount >= UNLIMITED_APPROVAL) {
            unlimitedTokens.add(effect.token.toLowerCase());
            if (!policy.allowUnlimitedApprovals) {
              violations.push({
                rule: "allowUnlimitedApprovals",
                step: effect.step,
                message: `an unlimited approval of ${symbol(effect.token)} for ${effect.spender} is not allowed; approve the exact amount instead`,
                address: effect.spender,
                token: symbol(effect.token),
                requested: "unlimited",
              });
            }
          }
          if (allow.spenders && !allow.spenders.has(effect.spender.toLowerCase())) {
            violations.push({
              rule: "allow.spenders",
              step: effect.step,
              message: `spender ${effect.spender} is not in allow.spenders`,
              address: effect.spender,
              token: symbol(effect.token),
            });
          }
        }
        break;
      }
      case "deliver":
        // What a swap produces goes to its recipient: the flow's own account, or one the policy allows.
        if (
          allow.recipients &&
          effect.to.toLowerCase() !== from?.toLowerCase() &&
          !allow.recipients.has(effect.to.toLowerCase())
        ) {
          violations.push({
            rule: "allow.recipients",
            step: effect.step,
            message: `recipient ${effect.to} of the ${effect.label} is not in allow.recipients`,
            address: effect.to,
          });
        }
        break;
      case "call":
        if (!effect.known && allow.contracts && !allow.contracts.has(effect.to.toLowerCase())) {
          violations.push({
            rule: "allow.contracts",
            step: effect.step,
            message: `contract ${effect.to} (call ${effect.selector}) is not in allow.contracts`,
            address: effect.to,
          });
        }
        break;
    }
  }
}

/** Per spender, the larger of what is approved and what is pulled counts (less what it hands on). */
function countAllowances(tally: Tally): void {
  const { allowances, relayed, add } = tally;
  for (const [key, entry] of allowances) {
    // biome-ignore lint/complexity/useMathMinMax: bigints have no Math.max
    let amount = entry.approved > entry.pulled ? entry.approved : entry.pulled;
    const handedOn = relayed.get(key) ?? 0n;
    amount = amount > handedOn ? amount - handedOn : 0n;
    if (amount > 0n && amount < UNLIMITED_APPROVAL) add(entry.step, entry.token, amount);
  }
}

/** Gas paid in a token counts with the amounts (CIP-64 `fee.max` per step). */
function countFees(tally: Tally, fees: readonly StepFee[]): void {
  const { totals, feeTotals, spends } = tally;
  for (const fee of fees) {
    const key = fee.token.toLowerCase();
    totals.set(key, (totals.get(key) ?? 0n) + fee.amount);
    feeTotals.set(key, (feeTotals.get(key) ?? 0n) + fee.amount);
    spends.set(fee.step, [...(spends.get(fee.step) ?? []), { token: key, amount: fee.amount, fee: true }]);
  }
}

/** Each cap against the flow's total of its token (per call) and with the last 24 h's spends (per day). */
function checkCaps(tally: Tally, spent: ReadonlyMap<string, bigint>): void {
  const { policy, violations, totals, unlimitedTokens, feeTotals } = tally;
  for (const cap of policy.caps.values()) {
    const total = totals.get(cap.address) ?? 0n;
    const unlimited = unlimitedTokens.has(cap.address);
    if (total === 0n && !unlimited) continue;
    const fee = feeTotals.get(cap.address) ?? 0n;
    const format = (amount: bigint) => policy.format(amount, cap.address);
    // With gas paid in this token: both figures, the amount and the most the fee can be.
    const requested = unlimited ? "unlimited" : format(total);
    const described =
      fee > 0n && !unlimited
        ? `${format(total - fee)} + fee up to ${format(fee)} ${cap.symbol} = ${requested}`
        : requested;
    const parts = fee > 0n && !unlimited ? { amount: format(total - fee), fee_max: format(fee) } : {};
    if (cap.perCall !== undefined && (unlimited || total > cap.perCall)) {
      violations.push({
        rule: `caps.${cap.key}.perCall`,
        step: null,
        message: `${cap.symbol} per call: limit ${policy.format(cap.perCall, cap.address)}, this flow ${described}`,
        token: cap.symbol,
        limit: policy.format(cap.perCall, cap.address),
        requested,
        ...parts,
      });
    }
    if (cap.perDay !== undefined) {
      const spentToday = spent.get(cap.address) ?? 0n;
      if (unlimited || spentToday + total > cap.perDay) {
        const remaining = cap.perDay > spentToday ? cap.perDay - spentToday : 0n;
        violations.push({
          rule: `caps.${cap.key}.perDay`,
          step: null,
          message: `${cap.symbol} per 24 h: limit ${policy.format(cap.perDay, cap.address)}, spent ${policy.format(spentToday, cap.address)}, remaining ${policy.format(remaining, cap.address)}, this flow ${described}`,
          token: cap.symbol,
          limit: policy.format(cap.perDay, cap.address),
          requested,
          spent_24h: policy.format(spentToday, cap.address),
          remaining: policy.format(remaining, cap.address),
          ...parts,
        });
      }
    }
  }
}
