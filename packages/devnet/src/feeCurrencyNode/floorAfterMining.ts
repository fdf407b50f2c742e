// A block mined through the front (a test's `evm_mine` or `anvil_mine`, as `devnet.increaseTime` and
// `devnet.nextEpoch` do) is mined outside the block producer, which floors the base fee only before and after its
// own blocks: anvil then holds the decayed EIP-1559 figure for the next block (7/8 of the floor after an empty
// one), and until the producer's next block its `eth_gasPrice` and `eth_fillTransaction` price below the floor
// (measured: maxFeePerGas 22.875 gwei against a 25 gwei floor). The producer then floors the block that should
// take the transaction, anvil drops it, and its sender waits for a receipt that never comes (the budget test's
// first send after `increaseTime` was `pending` after 45 s, 3 times in about 100 runs under load). So the front
// sets the next base fee from the latest block, raised to the floor, before it answers a mining call: on Celo the
// base fee never goes below its minimum. @internal
import { type Head, setNextBaseFee } from "../blockProducer.js";
import type { Upstream } from "./upstream.js";

/** The JSON-RPC methods that mine blocks on anvil. */
export const MINING_METHODS: ReadonlySet<string> = new Set([
  "evm_mine",
  "anvil_mine",
  "anvil_mine_detailed",
  "evm_mine_detailed",
]);

/** Sets anvil's next base fee from its latest block: EIP-1559, raised to `floor`. */
export async function floorAfterMining(upstream: Upstream, floor: bigint): Promise<void> {
  const head = await upstream<Head>("eth_getBlockByNumber", ["latest", false]);
  await setNextBaseFee(upstream, head, floor);
}
