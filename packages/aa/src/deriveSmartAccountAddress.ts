import { InvalidConfigError } from "@preflow/core";
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getCreate2Address,
  type Hex,
  isAddress,
  keccak256,
} from "viem";
import { SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS, SIMPLE_ACCOUNT_FACTORY_07_ADDRESS } from "./constants.js";
import { ERC1967_PROXY_CREATION_CODE } from "./internal/proxyCreationCode.js";
import type { SmartAccountKind } from "./internal/validateConfig.js";

/**
 * The owner of a smart account: anything with an `address` (a viem `LocalAccount` such as
 * `privateKeyToAccount(key)`, or a bare address string).
 *
 * @example
 * ```ts
 * import type { DeriveSmartAccountAddressParameters } from "@preflow/aa";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const owner: DeriveSmartAccountAddressParameters = privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`);
 * ```
 */
export type DeriveSmartAccountAddressParameters = { readonly address: Address } | Address;

/**
 * Options of {@link deriveSmartAccountAddress}: the kind of smart account (default `"simple"`).
 *
 * @example
 * ```ts
 * import type { DeriveSmartAccountAddressOptions } from "@preflow/aa";
 * const options: DeriveSmartAccountAddressOptions = { smartAccount: "simple-7702" };
 * ```
 */
export type DeriveSmartAccountAddressOptions = { smartAccount?: SmartAccountKind | undefined };

/**
 * The owner's EOA address and the address of its smart account (both checksummed): the counterfactual simple
 * account, or the EOA itself for `simple-7702`.
 *
 * @example
 * ```ts
 * import type { DeriveSmartAccountAddressReturnType } from "@preflow/aa";
 *
 * const { eoaAddress, smartAccountAddress }: DeriveSmartAccountAddressReturnType = deriveSmartAccountAddress(owner);
 * ```
 */
export type DeriveSmartAccountAddressReturnType = {
  eoaAddress: Address;
  smartAccountAddress: Address;
};

/**
 * The errors {@link deriveSmartAccountAddress} throws: {@link InvalidConfigError} naming the option (`owner`
 * without a valid address, an unknown option).
 *
 * @example
 * ```ts
 * import type { DeriveSmartAccountAddressErrorType } from "@preflow/aa";
 * const option = (error: DeriveSmartAccountAddressErrorType) => error.details.option;
 * ```
 */
export type DeriveSmartAccountAddressErrorType = InvalidConfigError;

const initializeAbi = [
  {
    type: "function",
    name: "initialize",
    stateMutability: "nonpayable",
    inputs: [{ name: "anOwner", type: "address" }],
    outputs: [],
  },
] as const;

const createAccountAbi = [
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "ret", type: "address" }],
  },
] as const;

const ZERO_SALT: Hex = `0x${"0".repeat(64)}`;

/**
 * The factory call that deploys the owner's account (`createAccount(owner, 0)`), for the UserOperation's
 * `factoryData`. @internal
 */
export function simpleAccountFactoryData(owner: Address): Hex {
  return encodeFunctionData({ abi: createAccountAbi, functionName: "createAccount", args: [owner, 0n] });
}

function ownerAddress(owner: unknown): Address {
  const value =
    typeof owner === "object" && owner !== null && "address" in owner
      ? (owner as { address: unknown }).address
      : owner;
  if (typeof value !== "string" || !isAddress(value, { strict: false })) {
    throw new InvalidConfigError({
      option: "owner",
      rule: "must be an account object with an `address` (e.g. privateKeyToAccount(key)) or an address",
      ...(typeof value === "string" && value.length <= 42 ? { value: JSON.stringify(value) } : {}),
    });
  }
  return getAddress(value);
}

/**
 * Computes, without any network I/O, the address of the owner's simple smart account (EntryPoint 0.7): the
 * CREATE2 address that SimpleAccountFactory v0.7 (`0x91E6…8985`) gives for the owner with salt 0, exactly
 * what its `getAddress(owner, 0)` and `EntryPoint.getSenderAddress` return, deployed or not. Prepare
 * flows for `smartAccountAddress`; it is the `from` that `sendPreparedFlow` expects. With
 * `{ smartAccount: "simple-7702" }` the account is the owner's own EOA (EIP-7702 delegation to the simple
 * 7702 account), so `smartAccountAddress === eoaAddress`.
 *
 * @throws {@link DeriveSmartAccountAddressErrorType}
 *
 * @example
 * ```ts
 * import { deriveSmartAccountAddress } from "@preflow/aa";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const owner = privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`);
 * const { eoaAddress, smartAccountAddress } = deriveSmartAccountAddress(owner);
 * const flow = await client.transaction.prepareSend(smartAccountAddress, to, "USDm", "1");
 * deriveSmartAccountAddress(owner, { smartAccount: "simple-7702" }).smartAccountAddress === owner.address; // true
 * ```
 */
export function deriveSmartAccountAddress(
  owner: DeriveSmartAccountAddressParameters,
  options?: DeriveSmartAccountAddressOptions,
): DeriveSmartAccountAddressReturnType {
  const eoaAddress = ownerAddress(owner);
  const kind = options?.smartAccount ?? "simple";
  if (kind === "simple-7702") return { eoaAddress, smartAccountAddress: eoaAddress };
  if (kind !== "simple") {
    throw new InvalidConfigError({
      option: "smartAccount",
      value: JSON.stringify(String(kind).slice(0, 20)),
      rule: 'must be "simple" or "simple-7702"',
    });
  }
  const initCall = encodeFunctionData({ abi: initializeAbi, functionName: "initialize", args: [eoaAddress] });
  const constructorArgs = encodeAbiParameters(
    [{ type: "address" }, { type: "bytes" }],
    [SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS, initCall],
  );
  const bytecodeHash = keccak256(`${ERC1967_PROXY_CREATION_CODE}${constructorArgs.slice(2)}`);
  const smartAccountAddress = getCreate2Address({
    from: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
    salt: ZERO_SALT,
    bytecodeHash,
  });
  return { eoaAddress, smartAccountAddress };
}
