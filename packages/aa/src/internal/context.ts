import type { Address, Hex, PublicClient } from "viem";
import type { GasSponsorshipService } from "../gasSponsorship/GasSponsorshipService.js";

/** A smart-account client with only what the send path uses (permissionless `SmartAccountClient`). @internal */
export interface UserOperationSender {
  sendUserOperation(parameters: Record<string, unknown>): Promise<Hex>;
  waitForUserOperationReceipt(parameters: { hash: Hex; timeout?: number }): Promise<{
    success: boolean;
    reason?: string | undefined;
    receipt: { transactionHash: Hex };
  }>;
}

/** Everything `sendPreparedFlow` needs, built once by `createAAClient`. @internal */
export interface AAContext {
  readonly smartAccountAddress: Address;
  readonly factoryData: Hex;
  readonly attributionTags: readonly string[] | undefined;
  readonly service: GasSponsorshipService;
  readonly publicClient: PublicClient;
  readonly redactedRpcUrl: string;
  /** Secrets to strip from anything that leaves the package (the API key, the raw RPC URL's credentials). */
  readonly secrets: readonly string[];
  readonly sender: UserOperationSender;
  readonly receiptTimeoutMs: number;
  /** What never changes once known: the RPC serves chain 42220; the account has code. */
  readonly state: { chainVerified: boolean; deployed: boolean };
}
