import {
  executePreparedFlow,
  type FeeCurrencyInput,
  prepareContractCall,
  type SdkBaseClient,
} from "@preflow/core";
import { summarizeError } from "@preflow/errors";
import type { FacilitatorEvmSigner } from "@x402/evm";
import type { Abi, Hash, LocalAccount } from "viem";
import { getCode, getTransactionReceipt, readContract, verifyTypedData } from "viem/actions";
import { X402SettlementFailedError } from "../errors/X402SettlementFailedError.js";
import { X402SettlementPendingError } from "../errors/X402SettlementPendingError.js";

/**
 * The reference facilitator's signer (`FacilitatorEvmSigner` of `@x402/evm`) on preflow's execution path: reads
 * and signature checks through viem on the SDK client's transport; `writeContract` (the settlement's
 * `transferWithAuthorization`) is `prepareContractCall` (fee in `feeCurrency`, the client's ERC-8021 tags on the
 * calldata) then `executePreparedFlow` (hash known before sending, lost answers looked up, bounded waits). A
 * settlement whose outcome is unknown makes `waitForTransactionReceipt` throw {@link X402SettlementPendingError},
 * which the reference reports as `settlement pending` with the hash.
 *
 * @internal
 */
export function toPreflowFacilitatorSigner(parameters: {
  client: SdkBaseClient;
  account: LocalAccount;
  feeCurrency: FeeCurrencyInput;
  receiptTimeoutMs: number;
}): FacilitatorEvmSigner {
  const { client, account, feeCurrency, receiptTimeoutMs } = parameters;
  const publicClient = client.publicClient;
  const pending = new Set<string>();
  return {
    getAddresses: () => [account.address],
    readContract: (args) =>
      readContract(publicClient, args as Parameters<typeof readContract>[1]) as Promise<unknown>,
    verifyTypedData: (args) => verifyTypedData(publicClient, args as Parameters<typeof verifyTypedData>[1]),
    getCode: (args) => getCode(publicClient, args),
    async writeContract(args) {
      let flow: Awaited<ReturnType<typeof prepareContractCall>>;
      try {
        flow = await prepareContractCall(client, {
          from: account.address,
          to: args.address,
          abi: args.abi as Abi,
          functionName: args.functionName,
          args: args.args,
          description: `x402 settlement: ${args.functionName}`,
          feeCurrency,
        } as Parameters<typeof prepareContractCall>[1]);
      } catch (error) {
        throw new X402SettlementFailedError({ reason: summarizeError(error).reason, cause: error });
      }
      const result = await executePreparedFlow(publicClient, { account, flow, receiptTimeoutMs });
      const step = result.steps[0];
      // Signed and perhaps on its way (the node's answer lost): pending, never "not sent".
      if (step?.hash && (step.status === "pending" || (step.status === "failed" && step.sent !== false))) {
        pending.add(step.hash.toLowerCase());
        return step.hash;
      }
      if (!step || step.hash === null || step.status === "failed" || step.status === "skipped")
        throw new X402SettlementFailedError({
          reason: step?.error ?? `the settlement ${step?.status ?? "did not run"}`,
          code: step?.code,
        });
      return step.hash;
    },
    async sendTransaction() {
      // Only for deploying a payer's ERC-6492 smart wallet, which this facilitator does not do.
      throw new X402SettlementFailedError({
        reason: "this facilitator does not deploy smart wallets (ERC-6492)",
      });
    },
    async waitForTransactionReceipt({ hash }) {
      if (pending.has(hash.toLowerCase())) throw new X402SettlementPendingError({ transaction: hash });
      const receipt = await getTransactionReceipt(publicClient, { hash: hash as Hash });
      return { status: receipt.status, logs: receipt.logs };
    },
  } satisfies FacilitatorEvmSigner;
}
