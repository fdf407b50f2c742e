import { readFile } from "node:fs/promises";
import { rpcCall } from "./rpc.js";

/**
 * The prebuilt chain state of chain 42220 (`anvil_dumpState` output, gzip), committed in `prebuilt/` and
 * regenerated with `pnpm --filter @preflow/devnet build-state`: ERC-4337, Multicall3, the vault, the tokens, the
 * `celo.eth` registry, Uniswap v3 and v4 with their pools, the Mento v3 stand-in and the Aave v3 market.
 */
export const PREBUILT_STATE_FILE = new URL("../prebuilt/chain-42220.state.gz", import.meta.url);
/** What the prebuilt state was built from (`inputsHash`; see `prebuiltStateInputs.ts`) and when. */
export const PREBUILT_STATE_INPUTS_FILE = new URL("../prebuilt/chain-42220.inputs.json", import.meta.url);

/**
 * Loads the prebuilt chain state into the (fresh) anvil at `rpcUrl` with `anvil_loadState` and returns when the
 * state was built: the timestamp (unix seconds) of its last block, read before anything else mines (2 requests).
 * The devnet moves its seeded timelines by the time since then (`retimeSeededState`).
 */
export async function loadPrebuiltState(rpcUrl: string): Promise<{ builtAt: bigint }> {
  const state = await readFile(PREBUILT_STATE_FILE);
  const loaded = await rpcCall<boolean>(rpcUrl, "anvil_loadState", [`0x${state.toString("hex")}`]);
  if (!loaded) throw new Error("devnet: anvil refused the prebuilt chain state");
  const block = await rpcCall<{ timestamp: `0x${string}` }>(rpcUrl, "eth_getBlockByNumber", [
    "latest",
    false,
  ]);
  return { builtAt: BigInt(block.timestamp) };
}
