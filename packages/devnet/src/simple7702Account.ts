// The EIP-7702 delegate of preflow's `simple-7702` smart account, deployed at every start after the prebuilt
// state is loaded (kept out of the prebuilt state and of its inputs, so the committed state stays as it is).
import { createRequire } from "node:module";
import { type Address, concat, getContractAddress, type Hex, pad } from "viem";
import { DETERMINISTIC_DEPLOYER } from "./deployContracts.js";
import { rpcCall } from "./rpc.js";
import { sendImpersonated } from "./sendImpersonated.js";

const require = createRequire(import.meta.url);

/**
 * The eth-infinitism `Simple7702Account` (`@account-abstraction/contracts` 0.8.0; EntryPoint 0.8 hard-coded),
 * the EIP-7702 delegate of permissionless's `to7702SimpleSmartAccount`, at its canonical address (CREATE2 with
 * salt 0 through the deterministic deployer, as on mainnet).
 *
 * @example
 * const code = await publicClient.getCode({ address: eoa }); // `0xef0100${SIMPLE_7702_ACCOUNT.slice(2)}` once delegated
 */
export const SIMPLE_7702_ACCOUNT: Address = "0xe6Cae83BdE06E4c305530e199D7217f42808555B";

/**
 * Deploys `Simple7702Account` from the published 0.8.0 artifact by CREATE2 (salt 0) through the deterministic
 * deployer, unless it is there already: one `eth_getCode`, and one transaction when absent (a few ms).
 */
export async function deploySimple7702Account(rpcUrl: string): Promise<void> {
  if ((await rpcCall<Hex>(rpcUrl, "eth_getCode", [SIMPLE_7702_ACCOUNT, "latest"])) !== "0x") return;
  const artifact = require("aa-contracts-08/artifacts/Simple7702Account.json") as { bytecode: Hex };
  const salt = pad("0x0");
  const address = getContractAddress({
    opcode: "CREATE2",
    from: DETERMINISTIC_DEPLOYER,
    salt,
    bytecode: artifact.bytecode,
  });
  if (address.toLowerCase() !== SIMPLE_7702_ACCOUNT.toLowerCase()) {
    throw new Error(`devnet: Simple7702Account would land at ${address}, not ${SIMPLE_7702_ACCOUNT}`);
  }
  await sendImpersonated(
    rpcUrl,
    { to: DETERMINISTIC_DEPLOYER, data: concat([salt, artifact.bytecode]), gas: 5_000_000n },
    "the Simple7702Account deployment",
  );
  if ((await rpcCall<Hex>(rpcUrl, "eth_getCode", [SIMPLE_7702_ACCOUNT, "latest"])) === "0x") {
    throw new Error(`devnet: Simple7702Account has no code at ${SIMPLE_7702_ACCOUNT} after deployment`);
  }
}
