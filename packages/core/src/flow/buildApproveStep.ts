import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem";
import { formatAmount } from "../amounts/formatAmount.js";
import type { TokenInfo } from "../tokens/registry.js";
import type { PreparedStep } from "./types.js";

/**
 * Parameters of {@link buildApproveStep}.
 *
 * @example
 * ```ts
 * import { TOKENS, type BuildApproveStepParameters } from "@preflow/core";
 * const parameters: BuildApproveStepParameters = { token: TOKENS.USDC, spender: router, amount: 25_000_000n, tag: client.tag };
 * ```
 */
export interface BuildApproveStepParameters {
  /** The token (a registry entry, from `resolveToken`). */
  token: TokenInfo;
  /** Who may spend (checksummed). */
  spender: Address;
  /** Base units; `0n` revokes; `maxUint256` is unlimited (only when the caller asked for it). */
  amount: bigint;
  /** Calldata tagging, usually `client.tag`. */
  tag: (data: Hex) => Hex;
  /** A label for the spender in the description and `call` (`"Uniswap SwapRouter02"`); default its address. */
  spenderLabel?: string;
}

/**
 * Builds the `approve(spender, amount)` step of a flow: the tagged calldata, a description ("Approve 0x… to spend
 * 25 USDC", "Revoke …", "unlimited") and the decoded `call`. The one approve-step builder of preflow:
 * `prepareApprove`, `prepareContractCall` and the protocol groups use it. Pure; no I/O.
 *
 * @param parameters - {@link BuildApproveStepParameters}.
 * @returns The step.
 *
 * @example
 * ```ts
 * import { buildApproveStep, resolveToken } from "@preflow/core";
 *
 * const step = buildApproveStep({ token: resolveToken("USDC"), spender: router, amount: 25_000_000n, tag: client.tag });
 * // { kind: "erc20", to: USDC, data: approve(router, 25000000) + suffix, value: "0",
 * //   description: "Approve 0x… to spend 25 USDC", call: { contract: "USDC", functionName: "approve", args: [router, "25000000"] } }
 * ```
 */
export function buildApproveStep(parameters: BuildApproveStepParameters): PreparedStep {
  const { token, spender, amount, tag, spenderLabel } = parameters;
  const who = spenderLabel ?? spender;
  const human = amount === maxUint256 ? "unlimited" : formatAmount(amount, token.decimals);
  const description =
    amount === 0n
      ? `Revoke ${who}'s ${token.symbol} allowance`
      : `Approve ${who} to spend ${human} ${token.symbol}`;
  return {
    kind: "erc20",
    to: token.address,
    data: tag(encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] })),
    value: "0",
    description,
    call: { contract: token.symbol, functionName: "approve", args: [spender, amount.toString()] },
  };
}
