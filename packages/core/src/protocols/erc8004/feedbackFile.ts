// ERC-8004's off-chain feedback file (ERC-8004 "Off-Chain Feedback File Structure"), built when feedback carries a
// proof of payment: kept on chain as a data: URI, its keccak256 the feedback's `feedbackHash`.
import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { type Address, type Hex, keccak256, stringToBytes } from "viem";
import { parseAddress } from "../../validation/parseAddress.js";
import { ERC8004_AGENT_REGISTRY } from "./addresses.js";

/**
 * An x402 payment's proof for feedback: who paid (`fromAddress`), whom (`toAddress`), on which chain and in which
 * transaction (an x402 settlement's `payer`, `payTo`, network's chain id and `transaction`).
 *
 * @example
 * ```ts
 * import type { ProofOfPayment } from "@preflow/core";
 * const proof: ProofOfPayment = { fromAddress: payer, toAddress: payTo, chainId: "42220", txHash: settlement.transaction };
 * ```
 */
export interface ProofOfPayment {
  fromAddress: string;
  toAddress: string;
  chainId: string;
  txHash: string;
}

/** Checks a proof of payment, before any I/O. @internal */
export function parseProofOfPayment(
  input: unknown,
  field: string,
): ProofOfPayment & { fromAddress: Address } {
  const value = rejectUnknownKeys(input, field, ["fromAddress", "toAddress", "chainId", "txHash"]);
  const chainId = value.chainId;
  if (typeof chainId !== "string" || !/^[1-9][0-9]{0,19}$/.test(chainId))
    throw new InvalidArgumentError({
      field: `${field}.chainId`,
      value: chainId,
      rule: "must be a chain id as a decimal string",
    });
  const txHash = value.txHash;
  if (typeof txHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(txHash))
    throw new InvalidArgumentError({
      field: `${field}.txHash`,
      value: txHash,
      rule: "must be a transaction hash (0x + 64 hex)",
    });
  return {
    fromAddress: parseAddress(value.fromAddress, `${field}.fromAddress`),
    toAddress: parseAddress(value.toAddress, `${field}.toAddress`),
    chainId,
    txHash: txHash.toLowerCase(),
  };
}

/** The feedback file and its hash: `data:application/json;base64,…` and keccak256 of its JSON. @internal */
export function feedbackFile(input: {
  agentId: bigint;
  client: Address;
  createdAt: bigint;
  value: bigint;
  decimals: number;
  tag1: string;
  tag2: string;
  endpoint: string;
  proofOfPayment: ProofOfPayment;
}): { uri: string; hash: Hex } {
  const file = {
    agentRegistry: ERC8004_AGENT_REGISTRY,
    agentId:
      Number(input.agentId) <= Number.MAX_SAFE_INTEGER ? Number(input.agentId) : input.agentId.toString(),
    clientAddress: `eip155:42220:${input.client}`,
    createdAt: new Date(Number(input.createdAt) * 1000).toISOString().replace(".000Z", "Z"),
    value: input.value.toString(),
    valueDecimals: input.decimals,
    ...(input.tag1 ? { tag1: input.tag1 } : {}),
    ...(input.tag2 ? { tag2: input.tag2 } : {}),
    ...(input.endpoint ? { endpoint: input.endpoint } : {}),
    proofOfPayment: input.proofOfPayment,
  };
  const json = JSON.stringify(file);
  const bytes = stringToBytes(json);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { uri: `data:application/json;base64,${btoa(binary)}`, hash: keccak256(bytes) };
}
