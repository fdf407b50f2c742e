import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InsufficientBalanceError } from "../../../errors/amount.js";
import type { TokenReadError } from "../../../errors/token.js";
import { planFlowFee } from "../../../fees/flowFee.js";
import { buildApproveStep } from "../../../flow/buildApproveStep.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import { allowanceCall, balanceOfCall, expectUint } from "../../../tokens/erc20Reads.js";
import { expectBalance } from "../../../tokens/expectBalance.js";
import { expectReserveUsable, readAave, reserveDataOf, reserveDataRead } from "../aaveReads.js";
import { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "../addresses.js";
import { buildPoolStep } from "../buildPoolStep.js";
import type { AaveLendingErrorType } from "../lendingErrorType.js";
import { type AaveLendingActionParameters, parseLendingParameters } from "../parseLendingParameters.js";
import { aavePoolFlow } from "../poolFlow.js";

/**
 * Parameters of {@link prepareAaveSupply}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareAaveSupplyParameters } from "@preflow/core";
 * const parameters: PrepareAaveSupplyParameters = { from, token: "USDC", amount: "100" };
 * ```
 */
export interface PrepareAaveSupplyParameters extends AaveLendingActionParameters {
  /** A human decimal string (`"100"`), exact to the token's decimals. */
  amount: string;
}

/**
 * The return type of {@link prepareAaveSupply}: `[approve (only when the allowance is short), supply]`, with
 * `intent` `{ kind: "supply", protocol: "aave-v3", token, amount }` and `preparedAt`.
 *
 * @example
 * ```ts
 * import type { PrepareAaveSupplyReturnType } from "@preflow/core";
 * const flow: PrepareAaveSupplyReturnType = await client.aave.prepareSupply(from, "USDC", "100");
 * ```
 */
export type PrepareAaveSupplyReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareAaveSupply} throws.
 *
 * @example
 * ```ts
 * import type { PrepareAaveSupplyErrorType } from "@preflow/core";
 * ```
 */
export type PrepareAaveSupplyErrorType = AaveLendingErrorType | InsufficientBalanceError | TokenReadError;

/**
 * Prepares a supply to Aave v3: an exact `approve` of the Pool (only when the current allowance is below the
 * amount), then `Pool.supply(asset, amount, from, 0)`. Checks the balance and that the reserve takes supplies
 * (listed, active, not paused or frozen). The account receives aTokens and, for a first supply of a collateral
 * asset, uses it as collateral (Aave's rule).
 *
 * HTTP requests: 1 (balance, allowance, reserve data and the block number in one Multicall3 call).
 *
 * @throws {@link PrepareAaveSupplyErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareAaveSupply } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareAaveSupply(client, { from, token: "USDC", amount: "100" });
 * // flow.steps: [approve Aave v3 Pool 100 USDC (if needed), supply(USDC, 100000000, from, 0)]
 * ```
 */
export async function prepareAaveSupply(
  client: SdkBaseClient,
  parameters: PrepareAaveSupplyParameters,
): Promise<PrepareAaveSupplyReturnType> {
  const { from, token, amount, feeCurrency, signal } = parseLendingParameters(parameters, "supply");
  const value = amount as bigint;
  const human = formatAmount(value, token.decimals);
  const approve = buildApproveStep({
    token,
    spender: AAVE_V3_ADDRESSES.pool,
    amount: value,
    tag: client.tag,
    spenderLabel: AAVE_V3_POOL_LABEL,
  });
  const supply = buildPoolStep(
    { functionName: "supply", args: [token.address, value, from, 0] },
    `Supply ${human} ${token.symbol} to Aave v3 (aTokens to ${from})`,
    client.tag,
  );
  const plan = await planFlowFee(client, feeCurrency, { from, alternatives: [[approve, supply]] });

  const read = await readAave(
    client,
    [
      balanceOfCall(token, from),
      allowanceCall(token, from, AAVE_V3_ADDRESSES.pool),
      reserveDataRead(token.address),
    ],
    signal,
    plan,
  );
  const balance = expectUint(read.reads[0], token, "balanceOf");
  const allowance = expectUint(read.reads[1], token, "allowance");
  expectReserveUsable(reserveDataOf(read.reads[2]), token, "supply");
  expectBalance(from, token, balance, value);

  const steps: PreparedStep[] = allowance < value ? [approve, supply] : [supply];
  const flow = {
    from,
    summary: `Supply ${human} ${token.symbol} to Aave v3 from ${from}${steps.length > 1 ? " after approving the Pool" : ""}`,
    steps,
    kind: "supply",
    token: token.address,
  } as const;
  return aavePoolFlow(plan, read, flow, value, [{ token, amount: value }]);
}
