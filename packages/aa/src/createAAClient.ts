import { redactUrl, type SerializedPreparedFlow } from "@preflow/core";
import { createSmartAccountClient } from "permissionless";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { type Address, createPublicClient, http, type LocalAccount, type PublicClient } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { celo } from "viem/chains";
import { deriveSmartAccountAddress, simpleAccountFactoryData } from "./deriveSmartAccountAddress.js";
import { gasSponsorshipBranches } from "./gasSponsorship/createGasSponsorshipService.js";
import type { GasSponsorship, GasSponsorshipProvider } from "./gasSponsorship/types.js";
import type { AAContext, UserOperationSender } from "./internal/context.js";
import { serviceSecrets } from "./internal/serviceSecrets.js";
import { SponsorHookError } from "./internal/submitUserOperation.js";
import { resolveAAConfig } from "./internal/validateConfig.js";
import {
  type SendPreparedFlowOptions,
  type SendPreparedFlowReturnType,
  sendPreparedFlowWith,
} from "./sendPreparedFlow.js";

/**
 * Options of `createAAClient` (specification 2.4).
 *
 * @example
 * ```ts
 * import type { CreateAAClientParameters } from "@preflow/aa";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const parameters: CreateAAClientParameters = {
 *   owner: privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`),
 *   gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! } },
 *   attributionTags: ["my_app"],
 * };
 * ```
 */
export type CreateAAClientParameters = {
  /** The EOA owner of the smart account: a local account that signs (e.g. `privateKeyToAccount(key)`). */
  owner: LocalAccount;
  /** The app's own gas-sponsorship provider and credentials. */
  gasSponsorship: GasSponsorship;
  /**
   * Tags applied at send time: when set (even `[]`), every step's `data` goes through
   * `appendSdkCalldataTag` before gas estimation; when omitted, step data is sent unchanged. Use one tag
   * list per send path (here or on `createSdkClient`, not both with different lists).
   */
  attributionTags?: readonly string[] | undefined;
  /** Chain 42220 JSON-RPC URL; default `DEFAULT_RPC_URL` of `@preflow/core`. */
  rpcUrl?: string | undefined;
};

/**
 * The account-abstraction client (specification 2.3).
 *
 * @example
 * ```ts
 * import type { AAClient } from "@preflow/aa";
 *
 * const send = (aa: AAClient, flow: SerializedPreparedFlow) => aa.sendPreparedFlow(flow, { mode: "batch" });
 * ```
 */
export type AAClient = {
  /** The configured provider discriminant (`"sponsor_a"`). */
  readonly provider: GasSponsorshipProvider;
  /** The counterfactual simple smart account (EntryPoint 0.7) of the owner; prepare flows for it. */
  readonly smartAccountAddress: Address;
  /** The normalized tag list applied at send time, or `undefined` (step data untouched). */
  readonly attributionTags: readonly string[] | undefined;
  /**
   * Submits a prepared flow (from `prepare*` or from JSON, validated with `parsePreparedFlow`) as sponsored
   * UserOperations: `"batch"` (default) = one atomic UserOperation, `"sequential"` = one per step, in
   * order, stopping at the first failure. A revert or a refused sponsorship is `success: false` with
   * `error`; invalid input, a wrong chain, an unauthorized key or an unreachable service throws an
   * `SdkError`.
   */
  sendPreparedFlow(
    prepared: SerializedPreparedFlow,
    options?: SendPreparedFlowOptions,
  ): Promise<SendPreparedFlowReturnType>;
};

/** How long `sendPreparedFlow` waits for each UserOperation's receipt. */
const RECEIPT_TIMEOUT_MS = 120_000;

/**
 * Creates the account-abstraction client of an owner: a simple smart account (EntryPoint 0.7, permissionless
 * `toSimpleSmartAccount`) whose UserOperations are gas-sponsored by the app's own provider. Every option is
 * validated first (unknown names, owner able to sign, provider, API key present, base URL, tags, `rpcUrl`);
 * then the client is built without any network request: the account address is computed offline
 * ({@link deriveSmartAccountAddress}) and the chain is fixed (42220, checked on the first send).
 *
 * @throws {InvalidConfigError} (code `INVALID_CONFIG` or `UNKNOWN_OPTION`) naming the option; the API key is
 * never echoed.
 *
 * @example
 * ```ts
 * import { createAAClient } from "@preflow/aa";
 * import { createSdkClient } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const aa = await createAAClient({
 *   owner: privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`),
 *   gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! } },
 *   attributionTags: ["my_app"],
 * });
 * const client = createSdkClient();
 * const flow = await client.transaction.prepareSend(aa.smartAccountAddress, to, "USDm", "5");
 * const result = await aa.sendPreparedFlow(flow); // { mode: "batch", success: true, userOpHashes, transactionHashes }
 * ```
 */
export async function createAAClient(parameters: CreateAAClientParameters): Promise<AAClient> {
  const config = resolveAAConfig(parameters);
  const service = gasSponsorshipBranches[config.gasSponsorship.provider](config.gasSponsorship);
  const { eoaAddress, smartAccountAddress } = deriveSmartAccountAddress(config.owner);

  const redactedRpcUrl = redactUrl(config.rpcUrl);
  const rpcSecrets = config.rpcUrl === redactedRpcUrl ? [] : rpcUrlSecrets(config.rpcUrl);
  const secrets = [...serviceSecrets(service), ...rpcSecrets];
  const publicClient = createPublicClient({
    chain: celo,
    transport: http(config.rpcUrl, { batch: true, retryCount: 2 }),
  }) as PublicClient;
  const account = await toSimpleSmartAccount({
    client: publicClient,
    owner: config.owner,
    entryPoint: { address: entryPoint07Address, version: "0.7" },
    address: smartAccountAddress,
  });
  const smartAccountClient = createSmartAccountClient({
    account,
    chain: celo,
    client: publicClient,
    bundlerTransport: service.transport,
    paymaster: {
      // Given alone, this hook serves as the stub call too; it returns final gas limits and paymaster data,
      // so viem skips eth_estimateUserOperationGas and pm_getPaymasterData.
      async getPaymasterData(userOperation) {
        try {
          const op = userOperation as unknown as Parameters<typeof service.sponsorUserOperation>[0];
          const sponsored = await service.sponsorUserOperation({
            sender: op.sender,
            nonce: op.nonce,
            callData: op.callData,
            factory: op.factory,
            factoryData: op.factoryData,
            maxFeePerGas: op.maxFeePerGas,
            maxPriorityFeePerGas: op.maxPriorityFeePerGas,
            signature: op.signature,
          });
          return { ...sponsored, isFinal: true } as never;
        } catch (error) {
          throw new SponsorHookError("sponsorship failed", { cause: error });
        }
      },
    },
  });

  const ctx: AAContext = {
    smartAccountAddress,
    factoryData: simpleAccountFactoryData(eoaAddress),
    attributionTags: config.attributionTags,
    service,
    publicClient,
    redactedRpcUrl,
    secrets,
    sender: smartAccountClient as unknown as UserOperationSender,
    receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
    state: { chainVerified: false, deployed: false },
  };

  return Object.freeze({
    provider: service.provider,
    smartAccountAddress,
    attributionTags: config.attributionTags,
    sendPreparedFlow: (prepared: SerializedPreparedFlow, options?: SendPreparedFlowOptions) =>
      sendPreparedFlowWith(ctx, prepared, options),
  });
}

/** The parts of an RPC URL that `redactUrl` hides, so they can be scrubbed from error text too. */
function rpcUrlSecrets(rpcUrl: string): string[] {
  const secrets: string[] = [];
  try {
    const parsed = new URL(rpcUrl);
    if (parsed.password) secrets.push(parsed.password);
    for (const value of parsed.searchParams.values()) if (value.length >= 8) secrets.push(value);
    for (const segment of parsed.pathname.split("/")) if (segment.length >= 20) secrets.push(segment);
  } catch {
    // validated earlier
  }
  return secrets;
}
