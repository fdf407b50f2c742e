// MetaMask Delegation Framework v1.3.0 (ERC-7710 delegations with caveat enforcers) at its Celo mainnet addresses,
// placed at every start after the prebuilt state is loaded (kept out of the prebuilt state and its inputs, as the
// Simple7702Account is). Creation code: `@metamask/delegation-abis` 2.0.0 `dist/bytecode` (MIT-0 OR Apache-2.0);
// addresses: `@metamask/delegation-deployments` 2.0.0, `DELEGATOR_CONTRACTS["1.3.0"][42220]`. Each constructor
// runs AT the canonical address (placeRuntimeAt), so `address(this)` immutables (EIP-712 domains) are mainnet's.
// What differs from mainnet: DelegationManager's owner (only it may pause) is the devnet deployer, not MetaMask's.
import * as abis from "@metamask/delegation-abis";
import * as bytecode from "@metamask/delegation-abis/bytecode";
import { DELEGATOR_CONTRACTS } from "@metamask/delegation-deployments";
import { type Abi, type Address, getAddress, type Hex } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { rpcCall } from "../rpc.js";
import { placeRuntimeAt } from "./deployAt.js";

const CELO = (DELEGATOR_CONTRACTS["1.3.0"] as Record<number, Record<string, string>>)[42220] ?? {};

function canonical(name: string): Address {
  const address = CELO[name];
  if (!address) throw new Error(`devnet: @metamask/delegation-deployments has no ${name} on chain 42220`);
  return getAddress(address);
}

/**
 * The framework's contracts placed on the devnet, at their Celo addresses (from `@metamask/delegation-deployments`
 * 2.0.0): the DelegationManager, the EIP-7702 delegate of an owner's EOA, the MultiSigDeleGator
 * implementation (a contract smart account whose signers' keys sign for it, by ERC-1271: {@link deployMultiSigDeleGator}),
 * and the enforcers a budget uses
 * (`MultiTokenPeriodEnforcer` for per-token period caps, CELO through its ERC-20 GoldToken; `AllowedCalldataEnforcer`
 * and `LogicalOrWrapperEnforcer` for recipients; `TimestampEnforcer` for expiry), plus the single-token and
 * native period enforcers and the target/method/value/call-count enforcers.
 *
 * @example
 * ```ts
 * import { DELEGATION_FRAMEWORK } from "@preflow/devnet";
 * const code = await publicClient.getCode({ address: DELEGATION_FRAMEWORK.DelegationManager });
 * ```
 */
export const DELEGATION_FRAMEWORK = {
  DelegationManager: canonical("DelegationManager"),
  EIP7702StatelessDeleGatorImpl: canonical("EIP7702StatelessDeleGatorImpl"),
  MultiSigDeleGatorImpl: canonical("MultiSigDeleGatorImpl"),
  EntryPoint: canonical("EntryPoint"),
  MultiTokenPeriodEnforcer: canonical("MultiTokenPeriodEnforcer"),
  ERC20PeriodTransferEnforcer: canonical("ERC20PeriodTransferEnforcer"),
  NativeTokenPeriodTransferEnforcer: canonical("NativeTokenPeriodTransferEnforcer"),
  AllowedCalldataEnforcer: canonical("AllowedCalldataEnforcer"),
  AllowedTargetsEnforcer: canonical("AllowedTargetsEnforcer"),
  AllowedMethodsEnforcer: canonical("AllowedMethodsEnforcer"),
  ExactCalldataEnforcer: canonical("ExactCalldataEnforcer"),
  ValueLteEnforcer: canonical("ValueLteEnforcer"),
  LimitedCallsEnforcer: canonical("LimitedCallsEnforcer"),
  RedeemerEnforcer: canonical("RedeemerEnforcer"),
  LogicalOrWrapperEnforcer: canonical("LogicalOrWrapperEnforcer"),
  TimestampEnforcer: canonical("TimestampEnforcer"),
} as const;

type Deployed = Exclude<keyof typeof DELEGATION_FRAMEWORK, "EntryPoint">;

/**
 * Contract name in the npm artifacts, its canonical constructor arguments, and whether its constructor writes
 * storage (run by a transaction at the address) or only sets immutables (its runtime placed without one).
 */
const DEPLOYMENTS: readonly { name: Deployed; artifact: string; args: readonly unknown[]; storage?: true }[] =
  [
    {
      name: "DelegationManager",
      artifact: "DelegationManager",
      args: [DEVNET_ROLES.deployer.address],
      storage: true,
    },
    {
      name: "EIP7702StatelessDeleGatorImpl",
      artifact: "EIP7702StatelessDeleGator",
      args: [DELEGATION_FRAMEWORK.DelegationManager, DELEGATION_FRAMEWORK.EntryPoint],
      storage: true,
    },
    {
      name: "MultiSigDeleGatorImpl",
      artifact: "MultiSigDeleGator",
      args: [DELEGATION_FRAMEWORK.DelegationManager, DELEGATION_FRAMEWORK.EntryPoint],
      storage: true,
    },
    { name: "MultiTokenPeriodEnforcer", artifact: "MultiTokenPeriodEnforcer", args: [] },
    { name: "ERC20PeriodTransferEnforcer", artifact: "ERC20PeriodTransferEnforcer", args: [] },
    { name: "NativeTokenPeriodTransferEnforcer", artifact: "NativeTokenPeriodTransferEnforcer", args: [] },
    { name: "AllowedCalldataEnforcer", artifact: "AllowedCalldataEnforcer", args: [] },
    { name: "AllowedTargetsEnforcer", artifact: "AllowedTargetsEnforcer", args: [] },
    { name: "AllowedMethodsEnforcer", artifact: "AllowedMethodsEnforcer", args: [] },
    { name: "ExactCalldataEnforcer", artifact: "ExactCalldataEnforcer", args: [] },
    { name: "ValueLteEnforcer", artifact: "ValueLteEnforcer", args: [] },
    { name: "LimitedCallsEnforcer", artifact: "LimitedCallsEnforcer", args: [] },
    { name: "RedeemerEnforcer", artifact: "RedeemerEnforcer", args: [] },
    {
      name: "LogicalOrWrapperEnforcer",
      artifact: "LogicalOrWrapperEnforcer",
      args: [DELEGATION_FRAMEWORK.DelegationManager],
    },
    { name: "TimestampEnforcer", artifact: "TimestampEnforcer", args: [] },
  ];

/**
 * Places the framework at its Celo addresses unless the DelegationManager is there already: one `eth_getCode`,
 * then every constructor run at its address without a transaction (`placeRuntimeAt`: runtime code, immutables and
 * the storage it writes, such as the DelegationManager's owner), in parallel; no block is mined, no event emitted.
 */
export async function deployDelegationFramework(rpcUrl: string): Promise<void> {
  if (
    (await rpcCall<Hex>(rpcUrl, "eth_getCode", [DELEGATION_FRAMEWORK.DelegationManager, "latest"])) !== "0x"
  ) {
    return;
  }
  const contract = (artifact: string, args: readonly unknown[]) => {
    const abi = (abis as unknown as Record<string, Abi>)[artifact];
    const code = (bytecode as unknown as Record<string, Hex>)[artifact];
    if (!abi || !code) throw new Error(`devnet: @metamask/delegation-abis has no ${artifact}`);
    return { artifact: { abi, bytecode: code }, args };
  };
  await Promise.all(
    DEPLOYMENTS.map(({ name, artifact, args }) =>
      placeRuntimeAt(rpcUrl, DELEGATION_FRAMEWORK[name], contract(artifact, args), artifact),
    ),
  );
}
