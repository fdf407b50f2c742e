// Celo's core contracts on the devnet: the real v11 bytecode of Registry, Freezer, Accounts, LockedGold, Election,
// Validators and Governance (from @celo/celo-devchain 7.0.0) behind Celo's own Proxy at their mainnet proxy
// addresses, seeded in the prebuilt state (celoCoreDeployment.ts), and the helpers tests use: registering a name
// in the Registry, ending an epoch, warping the clock.
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi, toHex } from "viem";
import { celoEpochStandInAbi } from "../contracts.generated.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";

/** Celo core contracts' mainnet proxy addresses (docs.celo.org, core contracts), where the devnet places them. */
export const CELO_CORE_ADDRESSES = {
  Registry: "0x000000000000000000000000000000000000ce10",
  Freezer: "0x47a472F45057A9d79d62C6427367016409f4fF5A",
  Accounts: "0x7d21685C17607338b313a7174bAb6620baD0aaB7",
  LockedGold: "0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E",
  Election: "0x8D6677192144292870907E3Fa8A5527fE55A7ff6",
  Validators: "0xaEb865bCa93DdC8F47b8e29F40C5399cE34d0C58",
  Governance: "0xD533Ca259b330c7A88f74E000a3FaEa2d63B7972",
} as const satisfies Record<string, Address>;

/** A core contract the devnet places (a key of {@link CELO_CORE_ADDRESSES}). */
export type CeloCoreContractName = keyof typeof CELO_CORE_ADDRESSES;

/**
 * Where `CeloEpochStandIn` (contracts/CeloEpochStandIn.sol) sits: the L1 epoch-size precompile's address
 * (0xff - 7), which the v11 contracts call to compute the epoch number.
 */
export const CELO_EPOCH_STAND_IN_ADDRESS: Address = "0x00000000000000000000000000000000000000f8";

/** The Registry's functions the devnet uses (the Registry's own ABI; the full one is in the artifact). */
export const celoRegistryAbi = parseAbi([
  "function owner() view returns (address)",
  "function setAddressFor(string identifier, address addr)",
  "function getAddressForString(string identifier) view returns (address)",
  "function getAddressForStringOrDie(string identifier) view returns (address)",
]);

/** The epoch stand-in's ABI (`getCurrentEpochNumber`, `epochSize`, `setCurrentEpochNumber`). */
export const celoEpochAbi = celoEpochStandInAbi;

/**
 * Registers `address` under `name` in the devnet's Celo Registry (`Registry.setAddressFor`, sent as the
 * Registry's owner, impersonated), as a governance proposal does on mainnet. Contracts that look their
 * dependencies up in the Registry (StableToken reads `SortedOracles`, `Reserve`, `Freezer`...) find them there.
 * Used when the prebuilt state is built, and by tests that place a contract of their own.
 *
 * @example
 * await registerCeloCoreContract(devnet.rpcUrl, "SortedOracles", "0xefB84935239dAcdecF7c5bA76d8dE40b077B7b33");
 */
export async function registerCeloCoreContract(
  rpcUrl: string,
  name: string,
  address: Address,
): Promise<void> {
  if (name.length === 0) throw new Error("registerCeloCoreContract: name is empty");
  const owner = await readCall<Address>(rpcUrl, CELO_CORE_ADDRESSES.Registry, "owner", []);
  await sendImpersonated(
    rpcUrl,
    {
      to: CELO_CORE_ADDRESSES.Registry,
      data: encodeFunctionData({
        abi: celoRegistryAbi,
        functionName: "setAddressFor",
        args: [name, address],
      }),
    },
    `registering ${name} in the Celo Registry`,
    owner,
  );
}

/**
 * The address registered under `name` in the devnet's Celo Registry (the zero address when none is).
 *
 * @example
 * await celoRegistryAddressFor(devnet.rpcUrl, "LockedGold"); // 0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E
 */
export async function celoRegistryAddressFor(rpcUrl: string, name: string): Promise<Address> {
  return await readCall<Address>(rpcUrl, CELO_CORE_ADDRESSES.Registry, "getAddressForString", [name]);
}

/** The epoch the core contracts are in (the stand-in's counter). */
export async function currentCeloEpoch(rpcUrl: string): Promise<bigint> {
  const word = await rpcCall<Hex>(rpcUrl, "eth_call", [
    {
      to: CELO_EPOCH_STAND_IN_ADDRESS,
      data: encodeFunctionData({ abi: celoEpochStandInAbi, functionName: "getCurrentEpochNumber" }),
    },
    "latest",
  ]);
  return BigInt(word);
}

/**
 * Ends the current epoch: the epoch stand-in moves to the next epoch (a real transaction) and, when the chain is
 * shorter than the stand-in needs (`(E - 1)^2` blocks for epoch `E`), blocks are mined. Pending Election votes
 * cast before become activatable; nothing else of an epoch's end runs (no rewards, no elections).
 * Returns the new epoch number.
 *
 * @example
 * const epoch = await nextCeloEpoch(devnet.rpcUrl); // then Election.activate(group) succeeds
 */
export async function nextCeloEpoch(rpcUrl: string): Promise<bigint> {
  const next = (await currentCeloEpoch(rpcUrl)) + 1n;
  await sendImpersonated(
    rpcUrl,
    {
      to: CELO_EPOCH_STAND_IN_ADDRESS,
      data: encodeFunctionData({
        abi: celoEpochStandInAbi,
        functionName: "setCurrentEpochNumber",
        args: [next],
      }),
      gas: 100_000n,
    },
    `starting Celo epoch ${next}`,
  );
  const latest = BigInt(await rpcCall<Hex>(rpcUrl, "eth_blockNumber"));
  const needed = (next - 1n) ** 2n + 1n; // the smallest block number at which the contracts see epoch `next`
  if (latest < needed) await rpcCall(rpcUrl, "anvil_mine", [toHex(needed - latest)]);
  return next;
}

/**
 * Moves the chain's clock forward by `seconds` and mines a block at the new time (`evm_increaseTime` +
 * `evm_mine`), e.g. past LockedGold's unlocking period (3 days) or a governance stage. The clock never goes
 * back: on a devnet shared by several test files, later sponsored UserOperations (valid for the sponsor's
 * wall-clock window) and wall-clock deadlines can then be in the past, so warp on a devnet of your own.
 *
 * @example
 * await increaseDevnetTime(devnet.rpcUrl, 3 * 86_400 + 1);
 */
export async function increaseDevnetTime(rpcUrl: string, seconds: number): Promise<void> {
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new Error(`increaseTime: seconds must be a positive integer, got ${String(seconds)}`);
  }
  await rpcCall(rpcUrl, "evm_increaseTime", [toHex(seconds)]);
  await rpcCall(rpcUrl, "evm_mine");
}

async function readCall<T>(
  rpcUrl: string,
  to: Address,
  functionName: "owner" | "getAddressForString",
  args: readonly unknown[],
): Promise<T> {
  const data = encodeFunctionData({ abi: celoRegistryAbi, functionName, args } as never);
  const result = await rpcCall<Hex>(rpcUrl, "eth_call", [{ to, data }, "latest"]);
  return decodeFunctionResult({ abi: celoRegistryAbi, functionName, data: result } as never) as T;
}
