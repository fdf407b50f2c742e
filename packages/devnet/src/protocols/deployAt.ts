// Build-time helpers of the prebuilt chain state (scripts/build-state): placing published contracts at their
// mainnet addresses. Not used when a devnet starts (it loads the state these produced).
import { createRequire } from "node:module";
import { type Abi, type Address, encodeDeployData, getAddress, type Hex } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";

const require = createRequire(import.meta.url);

/** A compiled contract from an npm package's artifacts (hardhat format). */
export interface ContractArtifact {
  readonly contractName?: string;
  readonly abi: Abi;
  readonly bytecode: Hex;
  readonly linkReferences?: Record<string, Record<string, readonly { start: number; length: number }[]>>;
}

/** Loads a hardhat artifact from an installed package, e.g. `@uniswap/v3-core/artifacts/.../UniswapV3Factory.json`. */
export function loadArtifact(specifier: string): ContractArtifact {
  return require(specifier) as ContractArtifact;
}

/** The creation code of `artifact` with its libraries linked to `libraries` (name → address). */
export function linkLibraries(artifact: ContractArtifact, libraries: Record<string, Address>): Hex {
  let code = artifact.bytecode.slice(2);
  for (const [file, byName] of Object.entries(artifact.linkReferences ?? {})) {
    for (const [name, references] of Object.entries(byName)) {
      const address = libraries[name];
      if (!address) throw new Error(`devnet: library ${file}:${name} has no address`);
      for (const { start, length } of references) {
        code = code.slice(0, start * 2) + address.slice(2).toLowerCase() + code.slice((start + length) * 2);
      }
    }
  }
  return `0x${code}`;
}

/**
 * Runs a constructor AT `target` (forge-std's `deployCodeTo`): the creation code is placed at `target`, an
 * `eth_call` yields the runtime code, a real transaction from `from` to `target` runs the constructor so its
 * storage writes and events land there, then the runtime code replaces the creation code and the nonce is set
 * to 1 (as after a CREATE). `address(this)` immutables are therefore the mainnet address; copying runtime code
 * deployed elsewhere would break them (Uniswap's factory refuses `createPool` then). Differences from a real
 * creation: `extcodesize(this)` is not zero during the constructor and there is no creation receipt.
 */
export async function deployAt(
  rpcUrl: string,
  target: Address,
  contract: { artifact: ContractArtifact; args?: readonly unknown[]; bytecode?: Hex },
  what: string,
  from: Address = DEVNET_ROLES.deployer.address,
): Promise<void> {
  const initcode = encodeDeployData({
    abi: contract.artifact.abi,
    bytecode: contract.bytecode ?? contract.artifact.bytecode,
    args: contract.args ?? [],
  });
  await rpcCall(rpcUrl, "anvil_setCode", [target, initcode]);
  const runtime = await rpcCall<Hex>(rpcUrl, "eth_call", [
    { from, to: target, data: "0x", gas: "0x1c9c380" },
  ]);
  if (runtime === "0x") throw new Error(`devnet: the constructor of ${what} returned no code`);
  await sendImpersonated(
    rpcUrl,
    { to: target, data: "0x", gas: 29_000_000n },
    `the constructor of ${what}`,
    from,
  );
  await rpcCall(rpcUrl, "anvil_setCode", [target, runtime]);
  await rpcCall(rpcUrl, "anvil_setNonce", [target, "0x1"]);
}

/**
 * Runs a constructor AT `target` without a transaction (for constructors that only set immutables and storage):
 * the creation code is placed at `target`, an `eth_call` yields the runtime code (so `address(this)` immutables
 * are `target`) and a `debug_traceCall` (prestateTracer, diffMode) the storage the constructor writes there; the
 * runtime code replaces the creation code, those slots are set, and the nonce is set to 1. No block is mined.
 * Differences from a real creation: no events (an `OwnershipTransferred`, say) and no creation receipt; a
 * constructor that writes other accounts' storage or moves value is refused.
 */
export async function placeRuntimeAt(
  rpcUrl: string,
  target: Address,
  contract: { artifact: ContractArtifact; args?: readonly unknown[]; bytecode?: Hex },
  what: string,
  from: Address = DEVNET_ROLES.deployer.address,
): Promise<void> {
  const initcode = encodeDeployData({
    abi: contract.artifact.abi,
    bytecode: contract.bytecode ?? contract.artifact.bytecode,
    args: contract.args ?? [],
  });
  await rpcCall(rpcUrl, "anvil_setCode", [target, initcode]);
  const call = { from, to: target, data: "0x", gas: "0x1c9c380" };
  const [runtime, trace] = await Promise.all([
    rpcCall<Hex>(rpcUrl, "eth_call", [call]),
    rpcCall<{ post?: Record<string, { storage?: Record<Hex, Hex> }> }>(rpcUrl, "debug_traceCall", [
      call,
      "latest",
      { tracer: "prestateTracer", tracerConfig: { diffMode: true } },
    ]),
  ]);
  if (runtime === "0x") throw new Error(`devnet: the constructor of ${what} returned no code`);
  const written = Object.entries(trace.post ?? {}).filter(([, state]) => state.storage);
  if (written.some(([account]) => account.toLowerCase() !== target.toLowerCase()))
    throw new Error(`devnet: the constructor of ${what} writes another account's storage; use deployAt`);
  await rpcCall(rpcUrl, "anvil_setCode", [target, runtime]);
  for (const [slot, value] of Object.entries(written[0]?.[1].storage ?? {}))
    await rpcCall(rpcUrl, "anvil_setStorageAt", [target, slot, value]);
  await rpcCall(rpcUrl, "anvil_setNonce", [target, "0x1"]);
}

/** Deploys by a plain CREATE from `from` (for contracts whose address does not matter) and returns the address. */
export async function deployByCreate(
  rpcUrl: string,
  contract: { artifact: ContractArtifact; args?: readonly unknown[]; bytecode?: Hex },
  what: string,
  from: Address = DEVNET_ROLES.deployer.address,
): Promise<Address> {
  const data = encodeDeployData({
    abi: contract.artifact.abi,
    bytecode: contract.bytecode ?? contract.artifact.bytecode,
    args: contract.args ?? [],
  });
  const { contractAddress } = await sendImpersonated(rpcUrl, { data, gas: 29_000_000n }, what, from);
  if (!contractAddress) throw new Error(`devnet: ${what} created no contract`);
  return getAddress(contractAddress);
}
