import type { Address, Hex, PublicClient } from "viem";

/** One call of a UserOperation. @internal */
export interface StepCall {
  to: Address;
  data: Hex;
  value: bigint;
}

type SimulatedCall = { status?: string; returnData?: Hex };
type SimulatedBlock = { calls?: SimulatedCall[] };

/**
 * Finds which inner call of a reverted batch fails. SimpleAccount's `executeBatch` re-throws the inner revert
 * data without the call's index, so the calls are replayed in order, from the smart account's address, in
 * one `eth_simulateV1` request (state carries over from call to call, as inside the batch; no signature or
 * gas checks). Returns the index of the first failing call and its revert data, or `undefined` when the node
 * does not serve `eth_simulateV1` or every call succeeds at the latest block (the state moved on).
 * @internal
 */
export async function findFailingStep(
  client: PublicClient,
  from: Address,
  calls: readonly StepCall[],
): Promise<{ stepIndex: number; revertData: Hex | undefined } | undefined> {
  try {
    const blocks = (await client.request({
      method: "eth_simulateV1",
      params: [
        {
          blockStateCalls: [
            {
              calls: calls.map((call) => ({
                from,
                to: call.to,
                data: call.data,
                value: `0x${call.value.toString(16)}`,
              })),
            },
          ],
          validation: false,
        },
        "latest",
      ],
    } as never)) as SimulatedBlock[];
    const results = blocks[0]?.calls ?? [];
    const index = results.findIndex((call) => call.status === "0x0");
    if (index < 0) return undefined;
    return { stepIndex: index, revertData: results[index]?.returnData };
  } catch {
    return undefined;
  }
}
