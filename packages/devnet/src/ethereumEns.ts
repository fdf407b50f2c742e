import { createRequire } from "node:module";
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  isAddress,
  keccak256,
  labelhash,
  namehash,
  pad,
  parseAbi,
} from "viem";
import { CELO_COIN_TYPE } from "./celoNames.js";
import { universalResolverStandInRuntimeCode } from "./contracts.generated.js";
import { DETERMINISTIC_DEPLOYER } from "./deployContracts.js";
import { rpcCall } from "./rpc.js";
import { sendImpersonated } from "./sendImpersonated.js";

const require = createRequire(import.meta.url);

/** The ENS registry on Ethereum mainnet (and on the devnet's Ethereum chain): `ENSRegistry` of `@ensdomains/ens`. */
export const ENS_REGISTRY_ADDRESS: Address = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e";
/** ENS's UniversalResolver on Ethereum mainnet (viem's `mainnet.contracts.ensUniversalResolver`). */
export const ENS_UNIVERSAL_RESOLVER_ADDRESS: Address = "0xeeeeeeee14d718c2b47d9923deab1335e144eeee";
/** Owner of the root node on the devnet's Ethereum chain (impersonated; it owns every name the devnet registers). */
export const ENS_ROOT_OWNER: Address = "0x00000000000000000000000000000000000e4500";

interface Artifact {
  abi: readonly unknown[];
  bytecode: Hex;
  deployedBytecode: Hex;
}

const registryAbi = parseAbi([
  "function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)",
  "function setResolver(bytes32 node, address resolver)",
]);
const resolverAbi = parseAbi([
  "function setAddr(bytes32 node, uint256 coinType, bytes a)",
  "function setAddr(bytes32 node, address a)",
]);

let resolverInit: Hex | undefined;
function publicResolverInit(): Hex {
  if (resolverInit === undefined) {
    const artifact = require("@ensdomains/resolver/build/contracts/PublicResolver.json") as Artifact;
    resolverInit = encodeDeployData({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [ENS_REGISTRY_ADDRESS],
    });
  }
  return resolverInit;
}

/**
 * Where the devnet's Ethereum chain has `PublicResolver` (`@ensdomains/resolver` 0.3.1): a CREATE2 address of the
 * deterministic deployer (salt 0), not mainnet's resolver address.
 *
 * @example
 * const resolver = devnetPublicResolverAddress();
 */
export function devnetPublicResolverAddress(): Address {
  return getContractAddress({
    opcode: "CREATE2",
    from: DETERMINISTIC_DEPLOYER,
    salt: pad("0x0"),
    bytecode: publicResolverInit(),
  });
}

/**
 * Deploys ENS on an Ethereum-like anvil (chain id 1): the published `ENSRegistry` runtime code at
 * {@link ENS_REGISTRY_ADDRESS} with {@link ENS_ROOT_OWNER} as root owner (the constructor's only effect, written
 * into storage), the published `PublicResolver` by CREATE2, and the UniversalResolver stand-in
 * (contracts/UniversalResolverStandIn.sol) at {@link ENS_UNIVERSAL_RESOLVER_ADDRESS}.
 *
 * @example
 * await deployEthereumEns(ethereumRpcUrl);
 */
export async function deployEthereumEns(rpcUrl: string): Promise<void> {
  const registry = require("@ensdomains/ens/build/contracts/ENSRegistry.json") as Artifact;
  await rpcCall(rpcUrl, "anvil_setCode", [ENS_REGISTRY_ADDRESS, registry.deployedBytecode]);
  // records[0x0].owner: `records` is the registry's first state variable (slot 0); owner is a Record's first word.
  const rootOwnerSlot = keccak256(
    encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [pad("0x0"), 0n]),
  );
  await rpcCall(rpcUrl, "anvil_setStorageAt", [ENS_REGISTRY_ADDRESS, rootOwnerSlot, pad(ENS_ROOT_OWNER)]);
  await rpcCall(rpcUrl, "anvil_setCode", [
    ENS_UNIVERSAL_RESOLVER_ADDRESS,
    universalResolverStandInRuntimeCode,
  ]);
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [ENS_ROOT_OWNER]);
  await sendImpersonated(
    rpcUrl,
    { to: DETERMINISTIC_DEPLOYER, data: concat([pad("0x0"), publicResolverInit()]), gas: 8_000_000n },
    "deploying PublicResolver",
  );
  const code = await rpcCall<Hex>(rpcUrl, "eth_getCode", [devnetPublicResolverAddress(), "latest"]);
  if (code === "0x") throw new Error("devnet: PublicResolver deployment failed");
}

/**
 * Records of {@link registerEthereumName}.
 *
 * @example
 * const records: EthereumNameRecords = { address: alice, celoAddress: aliceOnCelo };
 */
export interface EthereumNameRecords {
  /** The coin-type-60 record (`addr(node)`). */
  address?: Address;
  /** The record of chain 42220's ENSIP-11 coin type (`addr(node, 0x8000a4ec)`). */
  celoAddress?: Address;
}

/**
 * Registers `name` (any depth, e.g. `"alice.eth"`) in the devnet's Ethereum ENS: every missing level is created
 * for {@link ENS_ROOT_OWNER}, the name gets the devnet's `PublicResolver` and the given address records.
 * Calls are sequential transactions from the root owner (anvil assigns their nonces).
 *
 * @example
 * await registerEthereumName(devnet.ethereum.rpcUrl, "alice.eth", { celoAddress: alice });
 */
export async function registerEthereumName(
  rpcUrl: string,
  name: string,
  records: EthereumNameRecords,
): Promise<{ name: string; node: Hex }> {
  for (const value of [records.address, records.celoAddress]) {
    if (value !== undefined && !isAddress(value)) {
      throw new Error(`devnet.registerEthereumName: ${String(value)} is not an address`);
    }
  }
  const labels = name.split(".");
  if (labels.some((label) => label.length === 0)) {
    throw new Error(`devnet.registerEthereumName: ${JSON.stringify(name)} has an empty label`);
  }
  const send = (to: Address, data: Hex, what: string) =>
    sendImpersonated(rpcUrl, { to, data, gas: 500_000n }, what, ENS_ROOT_OWNER);
  let parent: Hex = pad("0x0");
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    await send(
      ENS_REGISTRY_ADDRESS,
      encodeFunctionData({
        abi: registryAbi,
        functionName: "setSubnodeOwner",
        args: [parent, labelhash(label), ENS_ROOT_OWNER],
      }),
      `creating ${labels.slice(i).join(".")}`,
    );
    parent = namehash(labels.slice(i).join("."));
  }
  const node = namehash(name);
  const resolver = devnetPublicResolverAddress();
  await send(
    ENS_REGISTRY_ADDRESS,
    encodeFunctionData({ abi: registryAbi, functionName: "setResolver", args: [node, resolver] }),
    `setting the resolver of ${name}`,
  );
  if (records.address !== undefined) {
    await send(
      resolver,
      encodeFunctionData({ abi: resolverAbi, functionName: "setAddr", args: [node, records.address] }),
      `setting the address of ${name}`,
    );
  }
  if (records.celoAddress !== undefined) {
    await send(
      resolver,
      encodeFunctionData({
        abi: resolverAbi,
        functionName: "setAddr",
        args: [node, CELO_COIN_TYPE, records.celoAddress.toLowerCase() as Hex],
      }),
      `setting the chain-42220 address of ${name}`,
    );
  }
  return { name, node };
}
