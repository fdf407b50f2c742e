import type { SerializedPreparedFlow } from "@preflow/core";

/** The most one step's gas can cost in a capped token, before it is sent: its share of `fee.max`. @internal */
export interface StepFee {
  step: number;
  /** The token that pays (lowercase address): USDC's for its adapter, the Mento stable itself. */
  token: string;
  /** The token's base units: what the node debits before execution (the unused part is credited back). */
  amount: bigint;
}

/**
 * The fee each step of a flow may cost in the token that pays it (CIP-64), from `fromStep` on: `fee.max` is the
 * flow's (every step's maximum, each rounded up as the node debits it, added up), so each step that carries a
 * `feeCurrency` counts its share (any remainder on the first). None when gas is paid in CELO (CELO's gas is not
 * counted against caps, as before) or when the fee currency is not one preflow's registry names (no cap can name
 * it). @internal
 */
export function flowFees(
  core: Pick<typeof import("@preflow/core"), "FEE_CURRENCY_OF_TOKEN" | "TOKENS">,
  flow: Pick<SerializedPreparedFlow, "steps" | "fee">,
  fromStep = 0,
): StepFee[] {
  const fee = flow.fee;
  if (!fee) return [];
  const token = tokenOfFeeCurrency(core, fee.feeCurrency);
  if (!token) return [];
  const paying = flow.steps.flatMap((step, index) => (step.feeCurrency === undefined ? [] : [index]));
  if (paying.length === 0) return [];
  const max = BigInt(fee.max);
  const share = max / BigInt(paying.length);
  const remainder = max - share * BigInt(paying.length);
  return paying
    .map((step, position) => ({ step, token, amount: share + (position === 0 ? remainder : 0n) }))
    .filter((fee) => fee.step >= fromStep);
}

/** The registry token (lowercase address) a fee currency spends, or `undefined`. @internal */
export function tokenOfFeeCurrency(
  core: Pick<typeof import("@preflow/core"), "FEE_CURRENCY_OF_TOKEN" | "TOKENS">,
  feeCurrency: string,
): string | undefined {
  const lower = feeCurrency.toLowerCase();
  const symbol = Object.entries(core.FEE_CURRENCY_OF_TOKEN).find(
    ([, address]) => address.toLowerCase() === lower,
  )?.[0];
  return symbol === undefined
    ? undefined
    : core.TOKENS[symbol as keyof typeof core.TOKENS]?.address.toLowerCase();
}
