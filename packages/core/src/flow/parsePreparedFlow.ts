import { getAddress, isAddress, maxUint256 } from "viem";
import { CHAIN_ID } from "../chain.js";
import { InvalidPreparedFlowError } from "../errors/preparedFlow.js";
import type { PreparedStep, PreparedStepKind, SerializedPreparedFlow } from "./types.js";

const KINDS: readonly PreparedStepKind[] = ["native", "erc20", "contract"];
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const WEI = /^(?:0|[1-9]\d*)$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

function parseAddress(value: unknown, path: string): PreparedStep["to"] {
  if (typeof value !== "string")
    throw new InvalidPreparedFlowError(path, `not an address (got ${typeName(value)})`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value))
    throw new InvalidPreparedFlowError(path, "not an address (0x + 40 hex)");
  if (!isAddress(value)) throw new InvalidPreparedFlowError(path, "wrong EIP-55 checksum");
  return getAddress(value);
}

function parseStep(value: unknown, index: number): PreparedStep {
  const at = `steps[${index}]`;
  if (!isRecord(value)) throw new InvalidPreparedFlowError(at, `not an object (got ${typeName(value)})`);
  const { kind, to, data, value: wei, description } = value;
  if (typeof kind !== "string" || !(KINDS as readonly string[]).includes(kind)) {
    throw new InvalidPreparedFlowError(`${at}.kind`, `must be one of ${KINDS.join(", ")}`);
  }
  const address = parseAddress(to, `${at}.to`);
  if (typeof data !== "string")
    throw new InvalidPreparedFlowError(`${at}.data`, `not hex (got ${typeName(data)})`);
  if (!HEX.test(data))
    throw new InvalidPreparedFlowError(`${at}.data`, "not hex (0x followed by whole bytes)");
  if (typeof wei !== "string") {
    throw new InvalidPreparedFlowError(
      `${at}.value`,
      `must be a decimal string of wei (got ${typeName(wei)})`,
    );
  }
  if (!WEI.test(wei)) throw new InvalidPreparedFlowError(`${at}.value`, "not a non-negative integer string");
  if (BigInt(wei) > maxUint256) throw new InvalidPreparedFlowError(`${at}.value`, "beyond uint256");
  if (typeof description !== "string") {
    throw new InvalidPreparedFlowError(
      `${at}.description`,
      `must be a string (got ${typeName(description)})`,
    );
  }
  return {
    kind: kind as PreparedStepKind,
    to: address,
    data: data as PreparedStep["data"],
    value: wei,
    description,
  };
}

/**
 * Validates a prepared flow that comes from outside (JSON from an agent, a queue, an HTTP body) and returns
 * a clean typed copy (known fields only, addresses checksummed). Throws {@link InvalidPreparedFlowError}
 * naming the bad path (`steps[1].data: not hex`). Rules: `preparedFlow` is `true`, `chainId` is 42220,
 * `from` and every `to` are addresses, `steps` is non-empty, every `data` is hex, every `value` is a
 * non-negative integer string within uint256.
 *
 * @example
 * ```ts
 * import { parsePreparedFlow, toTransactionRequest } from "@preflow/core";
 *
 * const flow = parsePreparedFlow(JSON.parse(message));
 * for (const step of flow.steps) await wallet.sendTransaction(toTransactionRequest(step));
 * ```
 */
export function parsePreparedFlow(input: unknown): SerializedPreparedFlow {
  if (!isRecord(input))
    throw new InvalidPreparedFlowError("(root)", `not an object (got ${typeName(input)})`);
  if (input.preparedFlow !== true) throw new InvalidPreparedFlowError("preparedFlow", "must be true");
  if (input.chainId !== CHAIN_ID) {
    throw new InvalidPreparedFlowError(
      "chainId",
      `must be ${CHAIN_ID} (got ${JSON.stringify(input.chainId) ?? "undefined"})`,
    );
  }
  const from = parseAddress(input.from, "from");
  if (typeof input.summary !== "string") {
    throw new InvalidPreparedFlowError("summary", `must be a string (got ${typeName(input.summary)})`);
  }
  if (!Array.isArray(input.steps))
    throw new InvalidPreparedFlowError("steps", `not an array (got ${typeName(input.steps)})`);
  if (input.steps.length === 0) throw new InvalidPreparedFlowError("steps", "must not be empty");
  const steps = input.steps.map((step, index) => parseStep(step, index));
  return { preparedFlow: true, chainId: CHAIN_ID, from, summary: input.summary, steps };
}
