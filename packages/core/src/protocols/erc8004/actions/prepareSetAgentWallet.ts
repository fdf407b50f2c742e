import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { type Address, encodeFunctionData, type Hex, hashTypedData, recoverTypedDataAddress } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { blockTimestampRead, type ReadBatchErrorType, readBatch } from "../../../rpc/readBatch.js";
import { toRpcError } from "../../../rpc/toRpcError.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { erc1271Abi, erc8004IdentityRegistryAbi } from "../abis.js";
import { ERC8004_ADDRESSES, ERC8004_IDENTITY_LABEL, MAX_AGENT_WALLET_DEADLINE_DELAY } from "../addresses.js";
import { parseAgentId } from "../agentInputs.js";
import { identityRead } from "../agentReads.js";
import { type AgentWalletSigner, agentWalletTypedData } from "../agentWalletTypedData.js";
import { authorizationRefusal } from "../authorization.js";
import { Erc8004RefusedError } from "../errors.js";
import { prepareRegistryFlow } from "../registryFlow.js";

/**
 * Parameters of {@link prepareSetAgentWallet}: the signer (the agent's owner or an operator), the agent, the new
 * `wallet`, and either its `signature` of {@link agentWalletTypedData} with that `deadline`, or `signTypedData`
 * to have it sign now with a deadline 5 minutes after the block's time. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareSetAgentWalletParameters } from "@preflow/core";
 * const parameters: PrepareSetAgentWalletParameters = { from, agentId: 7n, wallet: hot.address, signTypedData: (t) => hot.signTypedData(t) };
 * ```
 */
export type PrepareSetAgentWalletParameters = FeeCurrencyOption &
  ActionOptions & { from: string; agentId: bigint | number | string; wallet: string } & (
    | { signature: Hex; deadline: bigint | number | string; signTypedData?: never }
    | { signTypedData: AgentWalletSigner; signature?: never; deadline?: never }
  );

/**
 * The return type of {@link prepareSetAgentWallet}: one step, `setAgentWallet(agentId, newWallet, deadline,
 * signature)`, with intent `{ kind: "agentSetWallet", agentId, wallet, deadline }` and `expiresAt` the deadline.
 *
 * @example
 * ```ts
 * import type { PrepareSetAgentWalletReturnType } from "@preflow/core";
 * const flow: PrepareSetAgentWalletReturnType = await prepareSetAgentWallet(client, parameters);
 * ```
 */
export type PrepareSetAgentWalletReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareSetAgentWallet} throws: bad input before any request; {@link Erc8004RefusedError}
 * (`no-such-agent`, `not-authorized`, `deadline-out-of-window`, `invalid-wallet-signature`); the reads' and the
 * fee's.
 *
 * @example
 * ```ts
 * import type { PrepareSetAgentWalletErrorType } from "@preflow/core";
 * ```
 */
export type PrepareSetAgentWalletErrorType =
  | InvalidArgumentError
  | import("../../../errors/address.js").InvalidAddressError
  | Erc8004RefusedError
  | ReadBatchErrorType
  | FeeErrorType;

/**
 * Prepares a change of an ERC-8004 agent's wallet (where it is paid): the Identity registry's
 * `setAgentWallet(agentId, newWallet, deadline, signature)`, where the new wallet proves control by signing
 * {@link agentWalletTypedData} (EIP-712, deadline at most 5 minutes ahead). The signature is checked as the
 * registry does before anything is returned: ECDSA by the wallet first (EOAs, EIP-7702-delegated EOAs), else the
 * wallet's ERC-1271 `isValidSignature`. Refused with {@link Erc8004RefusedError} when no agent has the id, the
 * signer is neither its owner nor an operator, the deadline is outside the window, or the signature is not the
 * wallet's. The flow `expiresAt` the deadline. Not tracked by telemetry.
 *
 * HTTP requests: 1 (owner, authorisation, the block's number and time and the fee plan's reads in one batch);
 * 2 when the wallet's signature is checked by ERC-1271 (its `isValidSignature`, once ECDSA did not recover it).
 *
 * @throws {@link PrepareSetAgentWalletErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSetAgentWallet } from "@preflow/core";
 *
 * const flow = await prepareSetAgentWallet(createSdkBaseClient(), {
 *   from: owner,
 *   agentId: 7n,
 *   wallet: hot.address,
 *   signTypedData: (typedData) => hot.signTypedData(typedData),
 * });
 * ```
 */
export async function prepareSetAgentWallet(
  client: SdkBaseClient,
  parameters: PrepareSetAgentWalletParameters,
): Promise<PrepareSetAgentWalletReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "from",
    "agentId",
    "wallet",
    "signature",
    "deadline",
    "signTypedData",
    "feeCurrency",
    "signal",
  ]);
  const from = parseAddress(raw.from, "from");
  const agentId = parseAgentId(raw.agentId);
  const wallet = parseAddress(raw.wallet, "wallet", { allowZero: false });
  const signer = raw.signTypedData;
  if (signer !== undefined) {
    if (typeof signer !== "function")
      throw new InvalidArgumentError({ field: "signTypedData", value: signer, rule: "must be a function" });
    if (raw.signature !== undefined || raw.deadline !== undefined)
      throw new InvalidArgumentError({
        field: "signTypedData",
        value: "(given with signature or deadline)",
        rule: "give either `signature` with `deadline`, or `signTypedData`",
      });
  } else {
    if (
      typeof raw.signature !== "string" ||
      !/^0x([0-9a-fA-F]{2})+$/.test(raw.signature) ||
      raw.signature.length > 2 + 2 * 4096
    )
      throw new InvalidArgumentError({
        field: "signature",
        value: raw.signature,
        rule: "must be the wallet's signature as 0x-prefixed hex bytes (at most 4096 bytes), or give `signTypedData`",
      });
  }
  const givenDeadline = signer === undefined ? parseAgentId(raw.deadline, "deadline") : undefined;
  const signal = parseSignal(raw.signal);
  const placeholder = `0x${"00".repeat(65)}` as Hex;
  const step = (deadline: bigint, signature: Hex) => ({
    kind: "contract" as const,
    to: ERC8004_ADDRESSES.identityRegistry,
    data: encodeFunctionData({
      abi: erc8004IdentityRegistryAbi,
      functionName: "setAgentWallet",
      args: [agentId, wallet, deadline, signature],
    }),
    value: "0",
    description: `Set ERC-8004 agent ${agentId}'s wallet to ${wallet}`,
    call: {
      contract: ERC8004_IDENTITY_LABEL,
      functionName: "setAgentWallet",
      args: [agentId.toString(), wallet, deadline.toString(), signature],
    },
  });
  return prepareRegistryFlow(client, {
    from,
    feeCurrency: raw.feeCurrency,
    signal,
    reads: [
      identityRead("isAuthorizedOrOwner", [from, agentId]),
      identityRead("ownerOf", [agentId]),
      blockTimestampRead(),
    ],
    step: step(givenDeadline ?? 0n, (raw.signature as Hex | undefined) ?? placeholder),
    settle: async ([authorized, owner, now]) => {
      const operation = "agent wallet change";
      const refusal = authorizationRefusal(operation, agentId, from, authorized, "owner");
      if (refusal) throw refusal;
      if (typeof owner?.value !== "string" || typeof now?.value !== "bigint")
        throw toRpcError(new Error(`ERC-8004 Identity registry read of agent ${agentId} answered no value`), {
          rpcUrl: client.rpc.rpcUrl,
          method: "eth_call",
        });
      const blockTime = now.value;
      const deadline = givenDeadline ?? blockTime + MAX_AGENT_WALLET_DEADLINE_DELAY;
      const details = {
        agentId: agentId.toString(),
        wallet,
        deadline: deadline.toString(),
        blockTime: blockTime.toString(),
      };
      if (deadline < blockTime || deadline > blockTime + MAX_AGENT_WALLET_DEADLINE_DELAY)
        throw new Erc8004RefusedError({
          operation,
          reason: "deadline-out-of-window",
          message: `the signature's deadline ${deadline} is not within the block's time ${blockTime} and 5 minutes after it`,
          details,
        });
      const typedData = agentWalletTypedData({ agentId, wallet, owner: owner.value as Address, deadline });
      const signature =
        signer === undefined ? (raw.signature as Hex) : await (signer as AgentWalletSigner)(typedData);
      if (!(await signedByWallet(client, wallet, typedData, signature, signal)))
        throw new Erc8004RefusedError({
          operation,
          reason: "invalid-wallet-signature",
          message: `the signature is neither ${wallet}'s ECDSA signature of AgentWalletSet nor accepted by its ERC-1271 isValidSignature`,
          details,
        });
      return {
        step: step(deadline, signature),
        summary: `Set ERC-8004 agent ${agentId}'s wallet to ${wallet} (signed by it, valid until unix ${deadline})`,
        intent: {
          kind: "agentSetWallet",
          agentId: agentId.toString(),
          wallet,
          deadline: deadline.toString(),
        },
        expiresAt: deadline.toString(),
      };
    },
  });
}

/** The registry's check: ECDSA recovers `wallet` (no request), else `wallet`'s ERC-1271 answer (one request). */
async function signedByWallet(
  client: SdkBaseClient,
  wallet: Address,
  typedData: ReturnType<typeof agentWalletTypedData>,
  signature: Hex,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (typeof signature !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(signature)) return false;
  try {
    // 65 bytes with a low s, as OpenZeppelin's ECDSA.tryRecover accepts
    if (signature.length === 132 && BigInt(`0x${signature.slice(66, 130)}`) <= SECP256K1N_HALF) {
      if ((await recoverTypedDataAddress({ ...typedData, signature })).toLowerCase() === wallet.toLowerCase())
        return true;
    }
  } catch {
    // not an ECDSA signature: the registry asks the wallet
  }
  const digest = hashTypedData(typedData);
  const answer = await readBatch(client, {
    reads: [
      {
        target: wallet,
        abi: erc1271Abi,
        callData: encodeFunctionData({
          abi: erc1271Abi,
          functionName: "isValidSignature",
          args: [digest, signature],
        }),
      },
    ],
    signal,
  });
  return answer.reads[0]?.success === true && answer.reads[0].value === "0x1626ba7e";
}

const SECP256K1N_HALF = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
