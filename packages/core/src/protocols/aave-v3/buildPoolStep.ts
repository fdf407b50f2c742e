import { type Address, encodeFunctionData, type Hex } from "viem";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { JsonValue, PreparedStep } from "../../flow/types.js";
import { aaveV3PoolAbi } from "./abis.js";
import { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "./addresses.js";

/** A Pool call of a lending flow (interest rate mode 2 = variable; referral code 0). @internal */
export type PoolCall =
  | {
      functionName: "supply";
      args: readonly [asset: Address, amount: bigint, onBehalfOf: Address, referralCode: 0];
    }
  | { functionName: "withdraw"; args: readonly [asset: Address, amount: bigint, to: Address] }
  | {
      functionName: "borrow";
      args: readonly [
        asset: Address,
        amount: bigint,
        interestRateMode: 2n,
        referralCode: 0,
        onBehalfOf: Address,
      ];
    }
  | {
      functionName: "repay";
      args: readonly [asset: Address, amount: bigint, interestRateMode: 2n, onBehalfOf: Address];
    };

/**
 * Builds the step that calls the Aave v3 Pool: tagged calldata, the description, and the decoded `call`
 * (`{ contract: "Aave v3 Pool", functionName, args }`, bigints as decimal strings). Pure. @internal
 */
export function buildPoolStep(call: PoolCall, description: string, tag: (data: Hex) => Hex): PreparedStep {
  return {
    kind: "contract",
    to: AAVE_V3_ADDRESSES.pool,
    data: tag(encodeFunctionData({ abi: aaveV3PoolAbi, ...call } as never)),
    value: "0",
    description,
    call: {
      contract: AAVE_V3_POOL_LABEL,
      functionName: call.functionName,
      args: toJsonValue(call.args) as JsonValue[],
    },
  };
}
