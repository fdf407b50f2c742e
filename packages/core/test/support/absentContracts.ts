import type { FaultProxy, InjectedFault } from "@preflow/devnet";
import { decodeFunctionResult, encodeFunctionResult, type Hex, multicall3Abi } from "viem";

/**
 * Makes every contract read through `proxy` answer as a node does for an address with no code: each call of a
 * Multicall3 `aggregate3` batch succeeds with empty return data (and a plain `eth_call` returns "0x"). For
 * tests of "no contract there" now that every registry token is deployed on the devnet. `remove()` ends it.
 *
 * @example
 * const absent = answerAsAbsentContracts(proxy);
 * await expect(client.token.getTokenInfo("KESm")).rejects.toBeInstanceOf(TokenReadError);
 * absent.remove();
 */
export function answerAsAbsentContracts(proxy: FaultProxy): InjectedFault {
  return proxy.inject({
    method: "eth_call",
    fault: {
      kind: "rewrite-result",
      rewrite: (result) => {
        try {
          const calls = decodeFunctionResult({
            abi: multicall3Abi,
            functionName: "aggregate3",
            data: result as Hex,
          });
          return encodeFunctionResult({
            abi: multicall3Abi,
            functionName: "aggregate3",
            result: calls.map(() => ({ success: true, returnData: "0x" as Hex })),
          });
        } catch {
          return "0x"; // not a Multicall3 batch
        }
      },
    },
  });
}
