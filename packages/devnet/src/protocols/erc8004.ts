// ERC-8004 (Trustless Agents) v2.0.0 on the devnet: stand-ins for the Identity, Reputation and Validation
// registries (contracts/Erc8004*RegistryStandIn.sol, written from erc-8004/erc-8004-contracts v2.0.0's source and
// `abis/*.json`, since no npm package ships their bytecode) at their Celo mainnet addresses, placed at every start
// after the prebuilt state is loaded (kept out of the prebuilt state and its inputs, as the Delegation Framework
// is). Each constructor runs AT the canonical address (placeRuntimeAt), so the Identity registry's EIP-712 domain
// names mainnet's address. What differs from mainnet is said at the top of each source: no upgradeable proxy (the
// registries' runtime sits at the proxies' addresses), the owner and the Identity registry set by constructors.
import { type Address, getAddress, type Hex } from "viem";
import {
  erc8004IdentityRegistryStandInAbi,
  erc8004IdentityRegistryStandInCreationCode,
  erc8004ReputationRegistryStandInAbi,
  erc8004ReputationRegistryStandInCreationCode,
  erc8004ValidationRegistryStandInAbi,
  erc8004ValidationRegistryStandInCreationCode,
} from "../contracts.generated.js";
import { rpcCall } from "../rpc.js";
import { placeRuntimeAt } from "./deployAt.js";

/**
 * The ERC-8004 registries' Celo mainnet addresses (erc-8004/erc-8004-contracts v2.0.0 `scripts/addresses.ts`) and
 * the owner of their proxies there, which owns the devnet's stand-ins too.
 *
 * @example
 * ```ts
 * import { ERC8004_REGISTRIES } from "@preflow/devnet";
 * const code = await publicClient.getCode({ address: ERC8004_REGISTRIES.IdentityRegistry });
 * ```
 */
export const ERC8004_REGISTRIES = {
  IdentityRegistry: getAddress("0x8004A169FB4a3325136EB29fA0ceB6D2e539a432"),
  ReputationRegistry: getAddress("0x8004BAa17C55a88189AE136b182e5fdA19dE9b63"),
  ValidationRegistry: getAddress("0x8004Cc8439f36fd5F9F049D9fF86523Df6dAAB58"),
  owner: getAddress("0x547289319C3e6aedB179C0b8e8aF0B5ACd062603"),
} as const;

/**
 * Places the three registries at their Celo addresses unless the Identity registry is there already: one
 * `eth_getCode`, then each constructor run at its address without a transaction (`placeRuntimeAt`: runtime code
 * and the storage it writes: the owner, and the Reputation and Validation registries' Identity registry); no block
 * is mined, no event emitted.
 */
export async function deployErc8004Registries(rpcUrl: string): Promise<void> {
  if ((await rpcCall<Hex>(rpcUrl, "eth_getCode", [ERC8004_REGISTRIES.IdentityRegistry, "latest"])) !== "0x")
    return;
  const { owner, IdentityRegistry } = ERC8004_REGISTRIES;
  const place = (
    target: Address,
    abi: readonly unknown[],
    bytecode: Hex,
    args: readonly unknown[],
    what: string,
  ) => placeRuntimeAt(rpcUrl, target, { artifact: { abi: abi as never, bytecode }, args }, what);
  await Promise.all([
    place(
      IdentityRegistry,
      erc8004IdentityRegistryStandInAbi,
      erc8004IdentityRegistryStandInCreationCode,
      [owner],
      "the ERC-8004 Identity registry",
    ),
    place(
      ERC8004_REGISTRIES.ReputationRegistry,
      erc8004ReputationRegistryStandInAbi,
      erc8004ReputationRegistryStandInCreationCode,
      [owner, IdentityRegistry],
      "the ERC-8004 Reputation registry",
    ),
    place(
      ERC8004_REGISTRIES.ValidationRegistry,
      erc8004ValidationRegistryStandInAbi,
      erc8004ValidationRegistryStandInCreationCode,
      [owner, IdentityRegistry],
      "the ERC-8004 Validation registry",
    ),
  ]);
}
