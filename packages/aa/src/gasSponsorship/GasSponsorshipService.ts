import type { Address, Hex, Transport } from "viem";
import type { GasSponsorshipProvider } from "./types.js";

/**
 * Gas fees for a UserOperation, in wei per gas.
 *
 * @example
 * ```ts
 * import type { UserOperationFees } from "@preflow/aa";
 * const fees: UserOperationFees = { maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
 * ```
 */
export type UserOperationFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/**
 * What the paymaster returns for a UserOperation: the gas limits and the signed paymaster fields, final
 * (nothing more to estimate or ask).
 *
 * @example
 * ```ts
 * import type { SponsoredGas } from "@preflow/aa";
 * const total = (gas: SponsoredGas) => gas.callGasLimit + gas.verificationGasLimit + gas.preVerificationGas;
 * ```
 */
export type SponsoredGas = {
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  paymaster: Address;
  paymasterData: Hex;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
};

/**
 * The unsigned UserOperation (EntryPoint 0.7 fields) handed to the paymaster for sponsorship.
 *
 * @example
 * ```ts
 * import type { SponsorableUserOperation } from "@preflow/aa";
 * const isDeployment = (op: SponsorableUserOperation) => op.factory !== undefined;
 * ```
 */
export type SponsorableUserOperation = {
  sender: Address;
  nonce: bigint;
  callData: Hex;
  factory?: Address | undefined;
  factoryData?: Hex | undefined;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  signature: Hex;
};

/**
 * The provider-agnostic sponsorship helper (specification 2.7): the endpoint (URL and viem transport for the
 * bundler and paymaster methods), the fee estimate and the sponsorship call. One implementation per
 * provider, chosen by `createGasSponsorshipService`.
 *
 * The endpoint URL carries the API key, so the service exposes only its redacted form; `transport` uses
 * the real one.
 *
 * @example
 * ```ts
 * import { createGasSponsorshipService } from "@preflow/aa";
 *
 * const service = createGasSponsorshipService({ provider: "sponsor_a", sponsor_a: { apiKey } });
 * service.redactedEndpointUrl; // "https://api.pimlico.io/v2/42220/rpc?apikey=***"
 * const { maxFeePerGas } = await service.estimateFeesPerGas();
 * ```
 */
export interface GasSponsorshipService {
  /** The provider discriminant. */
  readonly provider: GasSponsorshipProvider;
  /** The endpoint URL with the key replaced by `***` (safe to log). */
  readonly redactedEndpointUrl: string;
  /** viem transport to the endpoint (bundler methods: `eth_sendUserOperation`, receipts...). */
  readonly transport: Transport;
  /** Fees for a UserOperation, from the provider's gas-price method (`pimlico_getUserOperationGasPrice` for `sponsor_a`, tier `fast`). */
  estimateFeesPerGas(): Promise<UserOperationFees>;
  /** Gas limits and signed paymaster data for `userOperation`, in one request (`pm_sponsorUserOperation` for `sponsor_a`). */
  sponsorUserOperation(userOperation: SponsorableUserOperation): Promise<SponsoredGas>;
}
