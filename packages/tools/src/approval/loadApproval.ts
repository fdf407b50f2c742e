import { InvalidPolicyError } from "../errors/policy.js";
import type { ApprovalMode, RawApproval } from "./readApprovalSection.js";

/** A token's approval threshold in base units. @internal */
export interface ApprovalThreshold {
  /** The key as written in the policy file. */
  key: string;
  symbol: string;
  /** Lowercase. */
  address: string;
  decimals: number;
  above: bigint;
}

/** The `approval` section with its tokens resolved. @internal */
export interface LoadedApproval {
  /** By token address, lowercase. */
  above: Map<string, ApprovalThreshold>;
  timeoutSeconds: number;
  mode: ApprovalMode;
  /** With a passkey enrolled: how long an approval link stays open (seconds). */
  linkSeconds: number;
}

/**
 * Resolves the `approval` section's tokens with the registry (symbols, former tickers or addresses of listed
 * tokens) and its amounts to base units; throws {@link InvalidPolicyError} naming the path. @internal
 */
export function loadApproval(
  raw: RawApproval,
  core: Pick<typeof import("@preflow/core"), "resolveToken" | "parseAmount">,
  file: string,
): LoadedApproval {
  const above = new Map<string, ApprovalThreshold>();
  for (const entry of raw.above) {
    const path = `approval.above.${entry.key}`;
    let info: import("@preflow/core").TokenInfo;
    try {
      info = core.resolveToken(entry.key);
    } catch (error) {
      throw new InvalidPolicyError({
        file,
        path,
        rule: `is not a token of the registry (${(error as Error).message.split(". ")[0]})`,
        cause: error,
      });
    }
    let amount: bigint;
    try {
      amount = core.parseAmount(entry.amount, {
        decimals: info.decimals,
        token: info.symbol,
        field: "above",
        allowZero: true,
      });
    } catch (error) {
      throw new InvalidPolicyError({ file, path, rule: (error as Error).message, cause: error });
    }
    const address = info.address.toLowerCase();
    if (above.has(address))
      throw new InvalidPolicyError({ file, path, rule: `names ${info.symbol} a second time` });
    above.set(address, {
      key: entry.key,
      symbol: info.symbol,
      address,
      decimals: info.decimals,
      above: amount,
    });
  }
  return { above, timeoutSeconds: raw.timeoutSeconds, mode: raw.mode, linkSeconds: raw.linkSeconds };
}
