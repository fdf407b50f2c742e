// Build-time deployment of Celo's core contracts into the prebuilt state (scripts/build-state): the truffle
// artifacts of core contracts v11 that @celo/celo-devchain 7.0.0 ships (solc 0.5.13, unoptimized), each
// implementation behind Celo's own `Proxy` at its mainnet proxy address, initialised through the proxy with
// mainnet-like parameters and registered in the Registry, as Celo's migrations do. Not used when a devnet starts.
import { createRequire } from "node:module";
import { type Abi, type Address, encodeFunctionData, getAddress, type Hex, parseEther } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { celoEpochStandInRuntimeCode } from "../contracts.generated.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { CELO_TOKEN_ADDRESS } from "../tokens.js";
import {
  CELO_CORE_ADDRESSES,
  CELO_EPOCH_STAND_IN_ADDRESS,
  type CeloCoreContractName,
  registerCeloCoreContract,
} from "./celoCore.js";
import { deployAt } from "./deployAt.js";

const require = createRequire(import.meta.url);

/** The libraries the core contracts link against, in deployment order. */
const CELO_CORE_LIBRARIES = [
  "Signatures",
  "AddressSortedLinkedList",
  "AddressLinkedList",
  "IntegerSortedLinkedList",
  "Proposals",
] as const;

/** Package paths of every artifact the deployment reads (their creation code is part of the state's inputs). */
export const CELO_CORE_ARTIFACTS: Record<string, string> = Object.fromEntries(
  ["Proxy", ...CELO_CORE_LIBRARIES, ...Object.keys(CELO_CORE_ADDRESSES)].map((name) => [
    name,
    `@celo/celo-devchain/contracts/contracts-0.5/${name}.json`,
  ]),
);

/** A truffle artifact: ABI and creation code with `__Name___` library placeholders. */
interface TruffleArtifact {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

function loadCeloArtifact(name: string): TruffleArtifact {
  const specifier = CELO_CORE_ARTIFACTS[name];
  if (!specifier) throw new Error(`devnet: no Celo artifact ${name}`);
  const { abi, bytecode } = require(specifier) as TruffleArtifact;
  return { abi, bytecode };
}

/** Creation code with each `__Name___…` (40 characters) placeholder replaced by the library's address. */
function linkCeloLibraries(bytecode: Hex, libraries: Record<string, Address>): Hex {
  let code: string = bytecode;
  for (const [name, address] of Object.entries(libraries)) {
    code = code.replaceAll(`__${name}`.padEnd(40, "_"), address.slice(2).toLowerCase());
  }
  const unlinked = code.match(/__[A-Za-z0-9]+_+/);
  if (unlinked) throw new Error(`devnet: unlinked library ${unlinked[0]}`);
  return code as Hex;
}

/** Devnet addresses of the implementations and libraries (mainnet's implementations change with upgrades). */
function implementationAddress(index: number): Address {
  return getAddress(`0x${(0xc0e1_0000 + index).toString(16).padStart(40, "0")}`);
}

const DAY = 86_400n;
/** FixidityLib's 1 (24 decimals). */
const FIXED1 = 10n ** 24n;

/**
 * `initialize` arguments: mainnet-like (LockedGold's 3-day unlocking period, Election's 0.1 % electability
 * threshold and 10 groups per voter, Validators' 10,000 CELO requirements, Governance's 1-day dequeue, 5-day
 * referendum, 3-day execution and 28-day queue expiry); Governance's deposit is 100 CELO and its approver the
 * deployer (a multisig on mainnet).
 */
function initializeArgs(name: CeloCoreContractName): readonly unknown[] {
  const registry = CELO_CORE_ADDRESSES.Registry;
  switch (name) {
    case "Registry":
    case "Freezer":
      return [];
    case "Accounts":
      return [registry];
    case "LockedGold":
      return [registry, 3n * DAY];
    case "Election":
      return [registry, 1n, 110n, 10n, FIXED1 / 1000n];
    case "Validators":
      return [
        ...[registry, parseEther("10000"), 180n * DAY, parseEther("10000"), 60n * DAY],
        ...[10n, FIXED1 / 10n, 60n, 30n * DAY, 5n, 51_840n, 0n],
      ];
    case "Governance":
      return [
        ...[
          registry,
          DEVNET_ROLES.deployer.address,
          3n,
          parseEther("100"),
          28n * DAY,
          DAY,
          5n * DAY,
          3n * DAY,
        ],
        ...[FIXED1 / 20n, FIXED1 / 20n, FIXED1 / 5n, FIXED1],
      ];
  }
}

/** Registry names the devnet sets besides the contracts themselves (mainnet has both names of each). */
const REGISTRY_ALIASES: readonly (readonly [string, Address])[] = [
  ["GoldToken", CELO_TOKEN_ADDRESS],
  ["CeloToken", CELO_TOKEN_ADDRESS],
  ["LockedCelo", CELO_CORE_ADDRESSES.LockedGold],
];

/**
 * Places the core contracts: libraries and implementations at devnet addresses (constructors run there, so a
 * library's call protection holds its own address), each `Proxy` at the mainnet proxy address (its constructor
 * makes the deployer its owner), then `_setAndInitializeImplementation` through every proxy, the Registry
 * entries, and the epoch stand-in at 0xf8. `only` limits it to some contracts (the Registry is always placed).
 */
export async function deployCeloCore(
  rpcUrl: string,
  only: readonly CeloCoreContractName[] = Object.keys(CELO_CORE_ADDRESSES) as CeloCoreContractName[],
): Promise<void> {
  const deployer = DEVNET_ROLES.deployer.address;
  let index = 1;
  const libraries: Record<string, Address> = {};
  for (const name of CELO_CORE_LIBRARIES) {
    const address = implementationAddress(index++);
    await deployAt(rpcUrl, address, { artifact: loadCeloArtifact(name) }, `the Celo library ${name}`);
    libraries[name] = address;
  }
  await rpcCall(rpcUrl, "anvil_setCode", [CELO_EPOCH_STAND_IN_ADDRESS, celoEpochStandInRuntimeCode]);

  const proxy = loadCeloArtifact("Proxy");
  const names = ["Registry", ...only.filter((n) => n !== "Registry")] as CeloCoreContractName[];
  for (const name of names) {
    const artifact = loadCeloArtifact(name);
    const implementation = implementationAddress(0x100 + index++);
    await deployAt(
      rpcUrl,
      implementation,
      { artifact, bytecode: linkCeloLibraries(artifact.bytecode, libraries), args: [false] },
      `the ${name} implementation`,
    );
    await deployAt(rpcUrl, CELO_CORE_ADDRESSES[name], { artifact: proxy }, `the ${name} proxy`);
    const initialize = encodeFunctionData({
      abi: artifact.abi,
      functionName: "initialize",
      args: initializeArgs(name),
    });
    await sendImpersonated(
      rpcUrl,
      {
        to: CELO_CORE_ADDRESSES[name],
        data: encodeFunctionData({
          abi: proxy.abi,
          functionName: "_setAndInitializeImplementation",
          args: [implementation, initialize],
        }),
        gas: 10_000_000n,
      },
      `initialising ${name} through its proxy`,
      deployer,
    );
  }
  for (const name of names) {
    if (name !== "Registry") await registerCeloCoreContract(rpcUrl, name, CELO_CORE_ADDRESSES[name]);
  }
  for (const [name, address] of REGISTRY_ALIASES) await registerCeloCoreContract(rpcUrl, name, address);
}
