import {
  CHAIN_ID,
  endpointOf,
  type InvalidConfigError,
  type SdkClient,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
} from "@preflow/core";
import { redactUrl } from "@preflow/errors";
import { createSmartAccountClient } from "permissionless";
import { to7702SimpleSmartAccount, toSimpleSmartAccount } from "permissionless/accounts";
import {
  type Address,
  type Chain,
  createPublicClient,
  http,
  type LocalAccount,
  type PublicClient,
  type Transport,
} from "viem";
import { entryPoint07Address, entryPoint08Address } from "viem/account-abstraction";
import { celo } from "viem/chains";
import { SIMPLE_7702_ACCOUNT_ADDRESS } from "./constants.js";
import { deriveSmartAccountAddress, simpleAccountFactoryData } from "./deriveSmartAccountAddress.js";
import type { GasSponsorshipService } from "./gasSponsorship/GasSponsorshipService.js";
import type { GasSponsorship, GasSponsorshipProvider } from "./gasSponsorship/types.js";
import type { AAContext, UserOperationBuilder } from "./internal/context.js";
import { serviceBackend } from "./internal/serviceInternals.js";
import { SponsorHookError } from "./internal/submitUserOperation.js";
import { resolveAAConfig, type SmartAccountKind } from "./internal/validateConfig.js";
import {
  type SendPreparedFlowErrorType,
  type SendPreparedFlowOptions,
  type SendPreparedFlowReturnType,
  sendPreparedFlowWith,
} from "./sendPreparedFlow.js";
import {
  type AASimulatePreparedFlowErrorType,
  type AASimulatePreparedFlowOptions,
  simulatePreparedFlowWith,
} from "./simulatePreparedFlow.js";

/**
 * The part of an SDK client (from `createSdkClient`) that `createAAClient` reuses: its viem public client
 * (same URL, batching, retries and time-out) and its attribution tags.
 *
 * @example
 * ```ts
 * import type { AASdkClient } from "@preflow/aa";
 * import { createSdkClient } from "@preflow/core";
 * const client: AASdkClient = createSdkClient({ rpcUrl, attributionTags: ["my_app"] });
 * ```
 */
export type AASdkClient = Pick<SdkClient, "publicClient" | "attributionTags">;

/**
 * Options of `createAAClient` (specification 2.4, plus `client` and `rpcUrl`).
 *
 * @example
 * ```ts
 * import type { CreateAAClientParameters } from "@preflow/aa";
 * import { createSdkClient } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const parameters: CreateAAClientParameters = {
 *   client: createSdkClient({ attributionTags: ["my_app"] }),
 *   owner: privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`),
 *   gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! } },
 * };
 * ```
 */
export type CreateAAClientParameters = {
  /**
   * An SDK client from `createSdkClient`: its public client (RPC URL, batching, retries, time-out) is used for
   * every chain read, and its `attributionTags` apply at send time unless `attributionTags` is given here.
   * Not combinable with `rpcUrl`.
   */
  client?: AASdkClient | undefined;
  /** The EOA owner of the smart account: a local account that signs (e.g. `privateKeyToAccount(key)`). */
  owner: LocalAccount;
  /** The app's own gas-sponsorship provider and credentials, or a `GasSponsorshipService` built from them. */
  gasSponsorship: GasSponsorship | GasSponsorshipService;
  /**
   * Tags applied at send time: when set (even `[]`), every step's `data` goes through
   * `appendSdkCalldataTag` before gas estimation; when omitted, the `client`'s tags apply (if a client is
   * given), else step data is sent unchanged. Tagging is idempotent (a step already tagged at `prepare*` with
   * the same list is unchanged); still, use one tag list per send path.
   */
  attributionTags?: readonly string[] | undefined;
  /** Chain 42220 JSON-RPC URL when no `client` is given; default `DEFAULT_RPC_URL` of `@preflow/core`. */
  rpcUrl?: string | undefined;
  /**
   * The kind of smart account: `"simple"` (default) is the simple account on EntryPoint 0.7 at its own
   * CREATE2 address; `"simple-7702"` is the owner's own EOA, delegated with EIP-7702 to the simple 7702
   * account (`SIMPLE_7702_ACCOUNT_ADDRESS`, EntryPoint 0.8): `smartAccountAddress === owner.address`, the
   * first send carries the signed authorization, and approve-then-act runs atomically at the user's own
   * address. An EOA already delegated elsewhere is refused ({@link DelegationConflictError}), never
   * re-delegated.
   */
  smartAccount?: SmartAccountKind | undefined;
};

/**
 * The errors {@link createAAClient} throws, before any request: {@link InvalidConfigError} (code `INVALID_CONFIG`,
 * or `UNKNOWN_OPTION` from its subclass `UnknownOptionError`) naming the option.
 *
 * @example
 * ```ts
 * import type { CreateAAClientErrorType } from "@preflow/aa";
 * const option = (error: CreateAAClientErrorType) => error.details.option;
 * ```
 */
export type CreateAAClientErrorType = InvalidConfigError;

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
  /**
   * The account that sends: the counterfactual simple smart account (EntryPoint 0.7) of the owner, or the
   * owner's own address for `smartAccount: "simple-7702"`; prepare flows for it.
   */
  readonly smartAccountAddress: Address;
  /** The kind of smart account (`"simple"` or `"simple-7702"`). */
  readonly smartAccount: SmartAccountKind;
  /** The normalized tag list applied at send time, or `undefined` (step data untouched). */
  readonly attributionTags: readonly string[] | undefined;
  /**
   * Submits a prepared flow (from `prepare*` or from JSON, validated with `parsePreparedFlow`) as sponsored
   * UserOperations: `"batch"` (default) = one atomic UserOperation, `"sequential"` = one per step, in order,
   * stopping at the first failure. Each UserOperation is signed locally and its `userOpHash` computed before
   * it is sent, so every later result carries it; a lost answer is looked up, and an outcome still unknown
   * after `receiptTimeoutMs` (default 120 s) is `status: "pending"` (`error.code` `USEROP_PENDING`), never
   * "not sent". A revert or a refusal is `success: false` with `error`; invalid input, a wrong chain, an
   * unauthorized key, an unreachable service before the send, or an abort before the send throws an
   * `SdkError` (in sequential mode with `details.completed`).
   *
   * HTTP requests per UserOperation: chain RPC 1 on the first send (`eth_chainId` + `eth_getCode`, batched),
   * then 0; sponsor endpoint: gas price, `pm_sponsorUserOperation`, `eth_sendUserOperation`, receipt polls.
   *
   * @throws {@link SendPreparedFlowErrorType}
   *
   * @example
   * ```ts
   * const result = await aa.sendPreparedFlow(flow, { mode: "batch", signal: AbortSignal.timeout(90_000) });
   * if (result.success) console.log(result.transactionHashes);
   * else if (result.error?.code === "USEROP_PENDING") console.log("may still land:", result.error.userOpHash);
   * else console.error(result.error?.code, result.error?.stepIndex, result.error?.message);
   * ```
   */
  sendPreparedFlow(
    prepared: SerializedPreparedFlow,
    options?: SendPreparedFlowOptions,
  ): Promise<SendPreparedFlowReturnType>;
  /**
   * Simulates a prepared flow as the smart account's calls, all steps on one state (core's `simulatePreparedFlow`
   * with `as: smartAccountAddress`, on the same RPC, with the send-time tags applied): per-step status with decoded
   * reverts, balance and allowance changes, gas and its cost. Works for a counterfactual (not yet deployed) account:
   * the calls run from its address with `validation: false`, so no code is needed there; the account's own
   * validation and deployment gas is not included (the sponsor pays it). Signs and sends nothing; no sponsor request.
   *
   * HTTP requests: 1 to the chain RPC (a JSON-RPC batch; none to the sponsor endpoint).
   *
   * @throws {@link AASimulatePreparedFlowErrorType}
   *
   * @example
   * ```ts
   * const simulation = await aa.simulatePreparedFlow(flow);
   * if (simulation.success) await aa.sendPreparedFlow(flow, { mode: "batch" });
   * else console.error(simulation.steps[simulation.failedStep!]?.revertReason?.message);
   * ```
   */
  simulatePreparedFlow(
    prepared: SerializedPreparedFlow,
    options?: AASimulatePreparedFlowOptions,
  ): Promise<SimulatePreparedFlowReturnType>;
};

/**
 * Creates the account-abstraction client of an owner: a simple smart account (EntryPoint 0.7, permissionless
 * `toSimpleSmartAccount`) whose UserOperations are gas-sponsored by the app's own provider (through a
 * {@link GasSponsorshipService}). Given an SDK `client`, it reuses that client's public client (same URL,
 * batching, retries, time-out) and its attribution tags (unless `attributionTags` is given). Every option is
 * validated first (unknown names, client, owner able to sign, provider, API key present, base URL, tags,
 * `rpcUrl`); then the client is built without any network request: the account address is computed offline
 * ({@link deriveSmartAccountAddress}) and the chain is fixed (42220, checked on the first send).
 *
 * @throws {@link CreateAAClientErrorType} (the API key is never echoed)
 *
 * @example
 * ```ts
 * import { createAAClient } from "@preflow/aa";
 * import { createSdkClient } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const client = createSdkClient({ rpcUrl: "https://forno.celo.org", attributionTags: ["my_app"] });
 * const aa = await createAAClient({
 *   client, // same RPC transport and tags
 *   owner: privateKeyToAccount(process.env.OWNER_KEY as `0x${string}`),
 *   gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! } },
 * });
 * const flow = await client.transaction.prepareSend(aa.smartAccountAddress, to, "USDm", "5");
 * const result = await aa.sendPreparedFlow(flow); // { mode: "batch", success: true, userOpHashes, transactionHashes, operations }
 * ```
 */
export async function createAAClient(parameters: CreateAAClientParameters): Promise<AAClient> {
  const config = resolveAAConfig(parameters);
  const { service } = config;
  const kind = config.smartAccount;
  const { eoaAddress, smartAccountAddress } = deriveSmartAccountAddress(config.owner, { smartAccount: kind });

  const publicClient =
    "publicClient" in config.rpc
      ? config.rpc.publicClient
      : (createPublicClient({
          chain: celo,
          transport: http(config.rpc.rpcUrl, { batch: true, retryCount: 2 }),
        }) as unknown as PublicClient<Transport, Chain>);
  const rpcUrl = "rpcUrl" in config.rpc ? config.rpc.rpcUrl : endpointOf(publicClient);
  const redactedRpcUrl = rpcUrl === undefined ? "(the SDK client's RPC)" : redactUrl(rpcUrl);
  const rpcSecrets = rpcUrl === undefined || rpcUrl === redactedRpcUrl ? [] : rpcUrlSecrets(rpcUrl);
  const sponsor = serviceBackend(service);
  const secrets = [...sponsor.secrets, ...rpcSecrets];
  const entryPoint =
    kind === "simple-7702"
      ? ({ address: entryPoint08Address, version: "0.8" } as const)
      : ({ address: entryPoint07Address, version: "0.7" } as const);
  // Both are built offline: the address is known (the EOA itself for 7702), so no getSenderAddress call.
  const account =
    kind === "simple-7702"
      ? await to7702SimpleSmartAccount({
          client: publicClient as PublicClient,
          owner: config.owner,
          accountLogicAddress: SIMPLE_7702_ACCOUNT_ADDRESS,
        })
      : await toSimpleSmartAccount({
          client: publicClient as PublicClient,
          owner: config.owner,
          entryPoint,
          address: smartAccountAddress,
        });
  const smartAccountClient = createSmartAccountClient({
    account,
    chain: celo,
    client: publicClient as PublicClient,
    bundlerTransport: sponsor.transport,
    paymaster: {
      // Given alone, this hook serves as the stub call too; it returns final gas limits and paymaster data,
      // so viem skips eth_estimateUserOperationGas and pm_getPaymasterData.
      async getPaymasterData(userOperation) {
        try {
          const op = userOperation as unknown as Parameters<typeof sponsor.sponsorUserOperation>[0];
          const sponsored = await sponsor.sponsorUserOperation({
            sender: op.sender,
            nonce: op.nonce,
            callData: op.callData,
            factory: op.factory,
            factoryData: op.factoryData,
            maxFeePerGas: op.maxFeePerGas,
            maxPriorityFeePerGas: op.maxPriorityFeePerGas,
            signature: op.signature,
            entryPointVersion: entryPoint.version,
            ...(op.authorization ? { authorization: op.authorization } : {}),
          });
          return { ...sponsored, isFinal: true } as never;
        } catch (error) {
          throw new SponsorHookError("sponsorship failed", { cause: error });
        }
      },
    },
  });
  const builder: UserOperationBuilder = {
    prepareUserOperation: (request) => smartAccountClient.prepareUserOperation(request as never) as never,
    signUserOperation: (userOperation) => account.signUserOperation(userOperation as never),
    signAuthorization: async (nonce) => {
      const sign = config.owner.signAuthorization;
      if (!sign) throw new Error("the owner cannot sign EIP-7702 authorizations");
      return sign({ address: SIMPLE_7702_ACCOUNT_ADDRESS, chainId: CHAIN_ID, nonce });
    },
  };

  const ctx: AAContext = {
    smartAccountAddress,
    kind,
    entryPoint,
    factoryData: simpleAccountFactoryData(eoaAddress),
    attributionTags: config.attributionTags,
    sponsor,
    publicClient,
    redactedRpcUrl,
    secrets,
    builder,
    bundlerRequest: smartAccountClient.request as AAContext["bundlerRequest"],
    state: { chainVerified: false, deployed: false },
  };

  return Object.freeze({
    provider: service.provider,
    smartAccountAddress,
    smartAccount: kind,
    attributionTags: config.attributionTags,
    sendPreparedFlow: (prepared: SerializedPreparedFlow, options?: SendPreparedFlowOptions) =>
      sendPreparedFlowWith(ctx, prepared, options),
    simulatePreparedFlow: (prepared: SerializedPreparedFlow, options?: AASimulatePreparedFlowOptions) =>
      simulatePreparedFlowWith(ctx, prepared, options),
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
