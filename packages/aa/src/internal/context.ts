import type {
  Address,
  Chain,
  EIP1193RequestFn,
  Hex,
  PublicClient,
  SignedAuthorization,
  Transport,
} from "viem";
import type { UserOperation } from "viem/account-abstraction";
import type { GasSponsorshipBackend } from "../gasSponsorship/types.js";
import type { SmartAccountKind } from "./validateConfig.js";

/** A signed EntryPoint 0.7 (or 0.8: same fields, plus `authorization`) UserOperation. @internal */
export type SignedUserOperation = UserOperation<"0.7"> & { authorization?: SignedAuthorization | undefined };

/**
 * Builds and signs UserOperations locally: permissionless's smart-account client (gas and paymaster data
 * from the sponsorship hook) and the simple account's signer. @internal
 */
export interface UserOperationBuilder {
  prepareUserOperation(parameters: Record<string, unknown>): Promise<SignedUserOperation>;
  signUserOperation(userOperation: SignedUserOperation): Promise<Hex>;
  /** The owner's EIP-7702 authorization delegating its EOA to the simple 7702 account (`simple-7702` only). */
  signAuthorization(nonce: number): Promise<SignedAuthorization>;
}

/** Everything `sendPreparedFlow` needs, built once by `createAAClient`. @internal */
export interface AAContext {
  readonly smartAccountAddress: Address;
  /** `simple` (EntryPoint 0.7, own CREATE2 address) or `simple-7702` (the owner's EOA, delegated). */
  readonly kind: SmartAccountKind;
  /** The EntryPoint the account's UserOperations go to (0.7 for the simple account, 0.8 for simple-7702). */
  readonly entryPoint: { readonly address: Address; readonly version: "0.7" | "0.8" };
  readonly factoryData: Hex;
  readonly attributionTags: readonly string[] | undefined;
  /** The sponsorship service's backend (raw errors, mapped by the send path). */
  readonly sponsor: GasSponsorshipBackend;
  /** The chain RPC (the SDK client's, when one was given). */
  readonly publicClient: PublicClient<Transport, Chain>;
  readonly redactedRpcUrl: string;
  /** Secrets to strip from anything that leaves the package (the API key, the raw RPC URL's credentials). */
  readonly secrets: readonly string[];
  readonly builder: UserOperationBuilder;
  /** JSON-RPC requests to the bundler (the sponsorship service's transport). */
  readonly bundlerRequest: EIP1193RequestFn;
  /**
   * What never changes once known: the RPC serves chain 42220; the account has code (deployed, or for
   * `simple-7702` delegated to the simple 7702 account).
   */
  readonly state: { chainVerified: boolean; deployed: boolean };
}
