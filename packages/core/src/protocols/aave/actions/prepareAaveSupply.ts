import { formatAmount } from "../../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../../chain.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { InvalidAddressError } from "../../../errors/address.js";
import { InsufficientBalanceError, type InvalidAmountError } from "../../../errors/amount.js";
import type { InvalidArgumentError } from "../../../errors/argument.js";
import type { ChainMismatchError } from "../../../errors/chain.js";
import type {
  AaveReadError,
  AaveReserveUnavailableError,
  NotAnAaveReserveError,
} from "../../../errors/lending.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../../../errors/rpc.js";
import type { TokenReadError, UnknownTokenError } from "../../../errors/token.js";
import {
  type FeeCurrencyOption,
  type FeeErrorType,
  planFlowFee,
  settleFlowFee,
} from "../../../fees/flowFee.js";
import { buildApproveStep } from "../../../flow/buildApproveStep.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import { allowanceCall, balanceOfCall, expectUint } from "../../../tokens/erc20Reads.js";
import type { TokenInput } from "../../../tokens/resolveToken.js";
import { expectReserveUsable, readAave, reserveDataOf, reserveDataRead } from "../aaveReads.js";
import { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "../addresses.js";
import { buildPoolStep } from "../buildPoolStep.js";
import { parseLendingParameters } from "../parseLendingParameters.js";

/**
 * Parameters of {@link prepareAaveSupply}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareAaveSupplyParameters } from "@preflow/core";
 * const parameters: PrepareAaveSupplyParameters = { from, token: "USDC", amount: "100" };
 * ```
 */
export interface PrepareAaveSupplyParameters extends FeeCurrencyOption {
  /** The account that supplies (and signs); it receives the aTokens. */
  from: string;
  /** A reserve of the market ({@link AAVE_V3_RESERVES}): symbol, former ticker or address. */
  token: TokenInput;
  /** A human decimal string (`"100"`), exact to the token's decimals. */
  amount: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
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
export type PrepareAaveSupplyErrorType =
  | InvalidArgumentError
  | InvalidAddressError
  | UnknownTokenError
  | NotAnAaveReserveError
  | InvalidAmountError
  | InsufficientBalanceError
  | AaveReserveUnavailableError
  | AaveReadError
  | TokenReadError
  | ChainMismatchError
  | RpcError
  | RpcRateLimitedError
  | RequestAbortedError
  | FeeErrorType;

/**
 * Prepares a supply to Aave v3: an exact `approve` of the Pool (only when the current allowance is below the
 * amount), then `Pool.supply(asset, amount, from, 0)`. Checks the balance and that the reserve takes supplies
 * (listed, active, not paused or frozen). The account receives aTokens and, for a first supply of a collateral
 * asset, uses it as collateral (Aave's rule).
 *
 * HTTP requests: 1 (balance, allowance, reserve data and the block number in one Multicall3 call).
 *
 * @throws {InvalidArgumentError} the parameters are not an object, a key is unknown, `signal` is not an AbortSignal.
 * @throws {InvalidAddressError} `from` is not an address.
 * @throws {UnknownTokenError} the token is not in the registry.
 * @throws {NotAnAaveReserveError} the token is not a reserve of the market.
 * @throws {InvalidAmountError} the amount is not a positive decimal string for the token.
 * @throws {InsufficientBalanceError} the balance is below the amount.
 * @throws {AaveReserveUnavailableError} the reserve is not listed, inactive, paused or frozen.
 * @throws {AaveReadError} an Aave read failed or returned data of the wrong shape.
 * @throws {ChainMismatchError} `rpcUrl` is not chain 42220.
 * @throws {RpcError} the endpoint failed (URL redacted).
 * @throws {RequestAbortedError} `signal` aborted.
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
  const { from, token, amount, feeCurrency, signal } = parseLendingParameters(parameters, {
    allowMax: false,
  });
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

  const { results, blockNumber, fee } = await readAave(
    client,
    [
      balanceOfCall(token, from),
      allowanceCall(token, from, AAVE_V3_ADDRESSES.pool),
      reserveDataRead(token.address),
    ],
    signal,
    plan,
  );
  const balance = expectUint(results[0], token, "balanceOf");
  const allowance = expectUint(results[1], token, "allowance");
  expectReserveUsable(reserveDataOf(results[2]), token, "supply");
  if (balance < value) {
    throw new InsufficientBalanceError({
      owner: from,
      token: token.symbol,
      have: balance,
      need: value,
      haveFormatted: formatAmount(balance, token.decimals),
      needFormatted: human,
    });
  }

  const steps: PreparedStep[] = allowance < value ? [approve, supply] : [supply];
  const flow: PrepareAaveSupplyReturnType = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary: `Supply ${human} ${token.symbol} to Aave v3 from ${from}${steps.length > 1 ? " after approving the Pool" : ""}`,
    steps,
    intent: { kind: "supply", protocol: "aave-v3", token: token.address, amount: value.toString() },
    preparedAt: { blockNumber: String(blockNumber) },
  };
  return settleFlowFee(plan, flow, fee.reads, fee.calls, { spend: [{ token, amount: value }] });
}
