// Whether `"auto"` settles on CELO before a flow's steps are known, from reads that ride in the request that
// decides them (the staking lens's): its own module, loaded with the staking and governance prepares only, so that
// prepareSend's chunk does not carry it.
import { type Address, encodeFunctionData } from "viem";
import { functionAbi, param } from "../abi/functionAbi.js";
import { MULTICALL3_ADDRESS } from "../chain.js";
import type { RpcCall } from "../rpc/createRpc.js";
import { readQuantity } from "../rpc/quantity.js";
import { decodeEthBalance, ethBalanceRead, type ReadCall, type ReadResult } from "../rpc/readBatch.js";
import { gasLimitOf, preDebitOf, signedFeeCaps } from "./feeRule.js";

const blockGasLimitAbi = [functionAbi("getCurrentBlockGasLimit", "view", [], [param("uint256")])] as const;

/**
 * Reads that ride in a request made before a flow's steps are known (a lens read whose answer decides the
 * calldata), and say whether `"auto"` settles on CELO without simulating the steps: when the CELO balance covers
 * every step at the block gas limit (an upper bound of any step's gas) at the fee caps preflow would sign, plus
 * the CELO the steps send, the planner would pick CELO whatever the steps use. @internal
 */
export interface CeloFeeBound {
  reads: readonly ReadCall[];
  calls: readonly RpcCall[];
  /** Whether the answers to `reads` and `calls` show the CELO balance covers `steps` steps sending `sent`. */
  covers(
    reads: readonly ReadResult[],
    calls: readonly unknown[],
    flow: { steps: number; sent: bigint },
  ): boolean;
}

/** The {@link CeloFeeBound} of `from`: its CELO balance, the block gas limit, `eth_gasPrice`, `eth_maxPriorityFeePerGas`. @internal */
export function celoFeeBound(from: Address): CeloFeeBound {
  return {
    reads: [
      ethBalanceRead(from),
      {
        target: MULTICALL3_ADDRESS,
        abi: blockGasLimitAbi,
        callData: encodeFunctionData({ abi: blockGasLimitAbi, functionName: "getCurrentBlockGasLimit" }),
      },
    ],
    calls: [{ method: "eth_gasPrice" }, { method: "eth_maxPriorityFeePerGas" }],
    covers(reads, calls, flow) {
      const gasLimit = reads[1]?.value;
      const gasPrice = readQuantity(calls[0]);
      const tip = readQuantity(calls[1]);
      // an answer missing or malformed: no shortcut (the fee is planned on the steps)
      if (typeof gasLimit !== "bigint" || gasPrice === undefined || tip === undefined) return false;
      const { maxFeePerGas } = signedFeeCaps(gasPrice > tip ? gasPrice - tip : 0n, tip);
      const bound = BigInt(flow.steps) * preDebitOf({ gas: gasLimitOf(gasLimit), maxFeePerGas });
      return decodeEthBalance(reads[0]) >= bound + flow.sent;
    },
  };
}
