import { type Address, encodeFunctionData, type Hex, isAddress, namehash } from "viem";
import { l2RegistryStandInAbi, l2RegistryStandInRuntimeCode } from "./contracts.generated.js";
import { rpcCall } from "./rpc.js";
import { latestTimestamp, sendImpersonated } from "./sendImpersonated.js";

/** The name registry (and resolver) of `celo.eth` names on chain 42220, `L2Registry`. */
export const CELO_L2_REGISTRY_ADDRESS: Address = "0x4d7912779679AFdC592CBd4674b32Fcb189395F7";
/** The ENSIP-11 coin type of chain 42220 (`toCoinType(42220)`, `0x8000a4ec`). */
export const CELO_COIN_TYPE = 2147525868n;

/**
 * Options of {@link registerCeloName}.
 *
 * @example
 * const options: RegisterCeloNameOptions = { expiresAt: 1n, coinType60Only: true };
 */
export interface RegisterCeloNameOptions {
  /** Expiry in unix seconds; one year after the latest block when omitted. A past value registers an expired name. */
  expiresAt?: bigint | number;
  /** Write only the coin-type-60 record (`addr(node)`), not the chain's own coin type. */
  coinType60Only?: boolean;
  /** Also write a coin-type-60 record with this (other) address, beside the chain's own coin type record. */
  coinType60Address?: Address;
}

/**
 * A name registered on the devnet.
 *
 * @example
 * const { name, node, expiresAt } = await devnet.registerCeloName("alice", alice);
 */
export interface RegisteredName {
  /** The full name, e.g. `"alice.celo.eth"`. */
  readonly name: string;
  /** Its ENS namehash. */
  readonly node: Hex;
  /** Expiry (unix seconds). */
  readonly expiresAt: bigint;
}

/**
 * Places the `L2Registry` stand-in (contracts/L2RegistryStandIn.sol) at {@link CELO_L2_REGISTRY_ADDRESS}.
 *
 * @example
 * await deployCeloNames(devnet.rpcUrl);
 */
export async function deployCeloNames(rpcUrl: string): Promise<void> {
  await rpcCall(rpcUrl, "anvil_setCode", [CELO_L2_REGISTRY_ADDRESS, l2RegistryStandInRuntimeCode]);
}

/**
 * Registers `<label>.celo.eth` for `address` in the devnet's `L2Registry` (one transaction, from a fresh
 * impersonated account, so calls may run concurrently). By default it writes the record of the chain's own
 * coin type ({@link CELO_COIN_TYPE}); see {@link RegisterCeloNameOptions} for the coin-type-60 record and expiry.
 *
 * @example
 * await registerCeloName(devnet.rpcUrl, "alice", alice);                           // alice.celo.eth
 * await registerCeloName(devnet.rpcUrl, "old", bob, { expiresAt: 1n });            // already expired
 * await registerCeloName(devnet.rpcUrl, "legacy", carol, { coinType60Only: true }); // addr(node) only
 */
export async function registerCeloName(
  rpcUrl: string,
  label: string,
  address: Address,
  options: RegisterCeloNameOptions = {},
): Promise<RegisteredName> {
  if (!isAddress(address)) throw new Error(`devnet.registerCeloName: ${String(address)} is not an address`);
  if (label.length === 0 || label.includes(".")) {
    throw new Error(`devnet.registerCeloName: label ${JSON.stringify(label)} must be one non-empty label`);
  }
  const name = `${label}.celo.eth`;
  const node = namehash(name);
  const expiresAt =
    options.expiresAt === undefined
      ? (await latestTimestamp(rpcUrl)) + 365n * 24n * 3600n
      : BigInt(options.expiresAt);
  const records: Hex[] = [];
  const setAddr = (coinType: bigint, value: Address) =>
    encodeFunctionData({
      abi: l2RegistryStandInAbi,
      functionName: "setAddr",
      args: [node, coinType, value.toLowerCase() as Hex],
    });
  if (options.coinType60Only) records.push(setAddr(60n, address));
  else {
    records.push(setAddr(CELO_COIN_TYPE, address));
    if (options.coinType60Address !== undefined) records.push(setAddr(60n, options.coinType60Address));
  }
  const data = encodeFunctionData({
    abi: l2RegistryStandInAbi,
    functionName: "register",
    args: [label, expiresAt, address, records],
  });
  await sendImpersonated(rpcUrl, { to: CELO_L2_REGISTRY_ADDRESS, data }, `registering ${name}`);
  return { name, node, expiresAt };
}
