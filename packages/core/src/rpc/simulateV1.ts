// The parsing of the node's answers to `eth_simulateV1` (and the `eth_feeHistory` and `eth_maxPriorityFeePerGas`
// that ride beside it), for the fee planner and simulatePreparedFlow alike: untrusted, checked, never assumed.
// @internal
import type { Hex } from "viem";
import { redactUrl } from "../errors/redact.js";
import { RpcError } from "../errors/rpc.js";
import type { RpcCall } from "./createRpc.js";
import { QUANTITY } from "./quantity.js";

/**
 * The `eth_simulateV1` request of one block of `calls` on the latest state, without the node's fee, nonce and
 * sender-code checks (`validation: false`): each call a transaction of its own, in order. `traceTransfers` reports
 * native value moves as logs; `time` (unix seconds) overrides the block's time; `stateOverrides` sets accounts'
 * code for the block (the fee plan's step runner at the paying account).
 */
export function simulateV1Request(
  calls: readonly Record<string, unknown>[],
  options: {
    traceTransfers?: boolean;
    time?: bigint | undefined;
    stateOverrides?: Record<string, { code: string }>;
  } = {},
): RpcCall {
  const { time, stateOverrides } = options;
  const block = {
    ...(time === undefined ? {} : { blockOverrides: { time: `0x${time.toString(16)}` } }),
    ...(stateOverrides && { stateOverrides }),
    calls,
  };
  return {
    method: "eth_simulateV1",
    params: [
      {
        blockStateCalls: [block],
        ...(options.traceTransfers ? { traceTransfers: true } : {}),
        validation: false,
      },
      "latest",
    ],
  };
}

export interface SimLog {
  address: string;
  topics: string[];
  data: string;
}
export interface SimCall {
  status: "success" | "reverted";
  gasUsed: bigint;
  returnData: Hex;
  logs: SimLog[];
}
export interface SimBlock {
  number: bigint;
  baseFeePerGas: bigint | undefined;
  calls: SimCall[];
}

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

export function malformed(rpcUrl: string, what: string): RpcError {
  return new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method: "eth_simulateV1",
    reason: `the node returned a malformed result (${what})`,
  });
}

export function parseSimulation(raw: unknown, expected: number, rpcUrl: string): SimBlock {
  if (!Array.isArray(raw) || raw.length !== 1) throw malformed(rpcUrl, "not one block");
  const block = raw[0] as Record<string, unknown> | null;
  if (typeof block !== "object" || block === null) throw malformed(rpcUrl, "block is not an object");
  if (typeof block.number !== "string" || !QUANTITY.test(block.number))
    throw malformed(rpcUrl, "block number");
  const baseFee =
    typeof block.baseFeePerGas === "string" && QUANTITY.test(block.baseFeePerGas)
      ? BigInt(block.baseFeePerGas)
      : undefined;
  if (!Array.isArray(block.calls) || block.calls.length !== expected) {
    throw malformed(rpcUrl, `expected ${expected} call results`);
  }
  const calls = block.calls.map((value: unknown, index: number): SimCall => {
    const call = value as Record<string, unknown> | null;
    if (typeof call !== "object" || call === null) throw malformed(rpcUrl, `calls[${index}]`);
    if (call.status !== "0x1" && call.status !== "0x0") throw malformed(rpcUrl, `calls[${index}].status`);
    if (typeof call.gasUsed !== "string" || !QUANTITY.test(call.gasUsed))
      throw malformed(rpcUrl, `calls[${index}].gasUsed`);
    const returnData =
      typeof call.returnData === "string" && HEX.test(call.returnData) ? (call.returnData as Hex) : "0x";
    const logs = call.logs === undefined || call.logs === null ? [] : call.logs;
    if (!Array.isArray(logs)) throw malformed(rpcUrl, `calls[${index}].logs`);
    return {
      status: call.status === "0x1" ? "success" : "reverted",
      gasUsed: BigInt(call.gasUsed),
      returnData,
      logs: logs.map((log: unknown, at: number) => parseLog(log, `calls[${index}].logs[${at}]`, rpcUrl)),
    };
  });
  return { number: BigInt(block.number), baseFeePerGas: baseFee, calls };
}

export function parseLog(raw: unknown, path: string, rpcUrl: string): SimLog {
  const log = raw as Record<string, unknown> | null;
  if (
    typeof log !== "object" ||
    log === null ||
    typeof log.address !== "string" ||
    !/^0x[0-9a-fA-F]{40}$/.test(log.address) ||
    !Array.isArray(log.topics) ||
    !log.topics.every((topic) => typeof topic === "string" && /^0x[0-9a-fA-F]{64}$/.test(topic)) ||
    typeof log.data !== "string" ||
    !HEX.test(log.data)
  ) {
    throw malformed(rpcUrl, path);
  }
  return {
    address: log.address.toLowerCase(),
    topics: (log.topics as string[]).map((topic) => topic.toLowerCase()),
    data: log.data.toLowerCase(),
  };
}

export function parseBaseFee(raw: unknown, fallback: bigint | undefined, rpcUrl: string): bigint {
  const fees = (raw as { baseFeePerGas?: unknown } | null)?.baseFeePerGas;
  // The last entry is the next block's base fee: what a transaction sent now pays.
  const next = Array.isArray(fees) ? fees[fees.length - 1] : undefined;
  if (typeof next === "string" && QUANTITY.test(next)) return BigInt(next);
  if (fallback !== undefined) return fallback;
  throw new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method: "eth_feeHistory",
    reason: "the node returned no base fee",
  });
}

/** The node's `eth_maxPriorityFeePerGas` answer (CELO wei). */
export function parseTipQuote(raw: unknown, rpcUrl: string): bigint {
  if (typeof raw === "string" && QUANTITY.test(raw)) return BigInt(raw);
  throw new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method: "eth_maxPriorityFeePerGas",
    reason: "the node returned a malformed result (not a quantity)",
  });
}
