import { rejectUnknownKeys } from "@preflow/errors";
import { type Abi, decodeErrorResult, encodeErrorResult, type Hex } from "viem";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { JsonValue } from "../../flow/types.js";
import { PROTOCOLS } from "../../protocols/registry.js";

/**
 * Where a decoded revert's definition comes from: `"solidity"` for Solidity's own `Error(string)` /
 * `Panic(uint256)`, else the `id` of the registered protocol whose errors matched (`"erc20"`, `"aave-v3"`... see
 * `PROTOCOLS`); `null` when not decoded.
 *
 * @example
 * ```ts
 * import type { RevertSource } from "@preflow/core";
 * const source: RevertSource = "erc20";
 * ```
 */
export type RevertSource = string | null;

/**
 * Every value a {@link RevertSource} may take besides `null`: `"solidity"`, then the id of each registered
 * protocol that declares errors, in registry order (the tool server's output schema lists them).
 *
 * @returns The sources.
 *
 * @example
 * ```ts
 * import { revertSources } from "@preflow/core";
 * revertSources(); // ["solidity", "erc20", ...]
 * ```
 */
export function revertSources(): string[] {
  return ["solidity", ...PROTOCOLS.filter((protocol) => protocol.errors !== undefined).map((p) => p.id)];
}

/**
 * Why a call reverted, decoded from its revert data. JSON-safe (integers as decimal strings).
 *
 * @example
 * ```ts
 * import type { RevertReason } from "@preflow/core";
 * const reason: RevertReason = {
 *   name: "ERC20InsufficientBalance",
 *   source: "erc20",
 *   selector: "0xe450d38c",
 *   args: ["0x1111111111111111111111111111111111111111", "5000000", "7000000"],
 *   message: "ERC20InsufficientBalance(sender: 0x1111111111111111111111111111111111111111, balance: 5000000, needed: 7000000) [ERC-20]",
 *   data: "0xe450d38c…",
 * };
 * ```
 */
export interface RevertReason {
  /** `"Error"`, `"Panic"`, a known custom error's name, or `null` when the data matches nothing preflow knows. */
  name: string | null;
  source: RevertSource;
  /** The first 4 bytes of the data, or `null` when the revert carries no (or less than 4 bytes of) data. */
  selector: Hex | null;
  /** The decoded arguments (empty when not decoded). */
  args: JsonValue[];
  /** One readable line: `Error("…")`, `Panic(0x11): arithmetic overflow or underflow`, the custom error, or the raw selector. */
  message: string;
  /** The raw revert data (`"0x"` when none or not hex), cut to 2 KiB. */
  data: Hex;
}

/**
 * Options of {@link decodeRevertReason}.
 *
 * @example
 * ```ts
 * import type { DecodeRevertReasonOptions } from "@preflow/core";
 * const options: DecodeRevertReasonOptions = { protocol: "aave-v3" };
 * ```
 */
export interface DecodeRevertReasonOptions {
  /**
   * The id of the registered protocol whose call reverted (`findStepProtocol` finds it for a flow's step): its
   * bare `Error(string)` codes (`Error("26")`) are then explained (a bare code is ambiguous otherwise). Default:
   * none.
   */
  protocol?: string | undefined;
}

const SOLIDITY = [
  { type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] },
  { type: "error", name: "Panic", inputs: [{ name: "code", type: "uint256" }] },
] as const;

type ErrorItem = Extract<Abi[number], { type: "error" }>;

interface RevertTables {
  /** Solidity's and every registered protocol's custom errors. */
  abi: readonly ErrorItem[];
  /** Signature → the source whose errors declared it first. */
  source: Map<string, string>;
  /** A source's label (`"Aave v3"`). */
  label: Map<string, string>;
  /** `Error(string)` reasons explained, whichever call reverted. */
  messages: Map<string, { source: string; text: string }>;
}

let tables: RevertTables | undefined;
const signature = (item: ErrorItem) => `${item.name}(${item.inputs.map((input) => input.type).join(",")})`;

/** The decoding tables, built from the registry on first use. */
function tablesOf(): RevertTables {
  if (tables !== undefined) return tables;
  const built: RevertTables = {
    abi: [...SOLIDITY],
    source: new Map(SOLIDITY.map((item) => [signature(item), "solidity"])),
    label: new Map([["solidity", "Solidity"]]),
    messages: new Map(),
  };
  for (const protocol of PROTOCOLS) {
    const errors = protocol.errors;
    if (errors === undefined) continue;
    built.label.set(protocol.id, protocol.label);
    for (const item of errors.errors ?? []) {
      built.abi = [...built.abi, item];
      if (!built.source.has(signature(item))) built.source.set(signature(item), protocol.id);
    }
    for (const [reason, text] of Object.entries(errors.messages ?? {})) {
      if (!built.messages.has(reason)) built.messages.set(reason, { source: protocol.id, text });
    }
  }
  tables = built;
  return built;
}

/** Solidity's panic codes. */
const PANIC: Record<number, string> = {
  0: "generic compiler panic",
  1: "assertion failed",
  17: "arithmetic overflow or underflow",
  18: "division or modulo by zero",
  33: "invalid enum value",
  34: "corrupt storage byte array",
  49: "pop on an empty array",
  50: "array index out of bounds",
  65: "out of memory (too large an allocation)",
  81: "call to an uninitialized function pointer",
};

const MAX_DATA_CHARS = 2 + 4096;

/**
 * Decodes revert data: `Error(string)`, `Panic(uint256)` with its meaning, and the custom errors and revert strings
 * of every registered protocol (`PROTOCOLS`: ERC-20 tokens' `ERC20InsufficientBalance`..., the swap venues' router
 * errors and short strings such as `"STF"`, the lending pool's errors; a protocol's bare string codes such as
 * `Error("26")` with `protocol`); anything else is reported with its raw
 * selector. The data must be the canonical ABI encoding of the error (a wrong length is not decoded). Never throws,
 * whatever the input. Pure; no I/O.
 *
 * @param data - Revert data (any value: non-hex or odd-length input gives a "not decodable" reason).
 * @param options - {@link DecodeRevertReasonOptions}.
 * @returns The {@link RevertReason}.
 *
 * @example
 * ```ts
 * import { decodeRevertReason } from "@preflow/core";
 *
 * decodeRevertReason("0x4e487b710000000000000000000000000000000000000000000000000000000000000011").message;
 * // "Panic(0x11): arithmetic overflow or underflow"
 * decodeRevertReason("0xdeadbeef").message; // "unknown error 0xdeadbeef (4 bytes of data)"
 * ```
 */
export function decodeRevertReason(data: unknown, options: DecodeRevertReasonOptions = {}): RevertReason {
  rejectUnknownKeys(options, "options", ["protocol"]);
  const known = tablesOf();
  if (typeof data !== "string" || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) {
    return {
      name: null,
      source: null,
      selector: null,
      args: [],
      message: "reverted with data that is not hex bytes",
      data: "0x",
    };
  }
  const hex = data.toLowerCase() as Hex;
  const kept = (hex.length > MAX_DATA_CHARS ? hex.slice(0, MAX_DATA_CHARS) : hex) as Hex;
  const bytes = (hex.length - 2) / 2;
  if (bytes < 4) {
    return {
      name: null,
      source: null,
      selector: null,
      args: [],
      message: bytes === 0 ? "reverted without a reason" : `reverted with ${bytes} bytes of data`,
      data: kept,
    };
  }
  const selector = hex.slice(0, 10) as Hex;
  const unknown: RevertReason = {
    name: null,
    source: null,
    selector,
    args: [],
    message: `unknown error ${selector} (${bytes} bytes of data)`,
    data: kept,
  };
  let decoded: { errorName: string; args: readonly unknown[] | undefined; abiItem: ErrorItem };
  try {
    decoded = decodeErrorResult({ abi: known.abi as Abi, data: hex }) as unknown as typeof decoded;
    // Only the canonical encoding: no trailing bytes, no short words.
    const again = encodeErrorResult({
      abi: [decoded.abiItem],
      errorName: decoded.errorName,
      args: decoded.args ?? [],
    } as never) as string;
    if (again.toLowerCase() !== hex) return unknown;
  } catch {
    return unknown;
  }
  const item = decoded.abiItem;
  const args = (decoded.args ?? []).map((arg) => toJsonValue(arg));
  const source = known.source.get(signature(item)) ?? null;
  const base = { name: item.name, source, selector, args, data: kept };

  if (item.name === "Error" && source === "solidity") {
    const text = String(args[0] ?? "");
    const quoted = `Error(${JSON.stringify(text.length > 300 ? `${text.slice(0, 297)}...` : text)})`;
    const message = known.messages.get(text);
    if (message !== undefined)
      return {
        ...base,
        source: message.source,
        message: `${quoted}: ${known.label.get(message.source)}: ${message.text}`,
      };
    const code = codeOf(options.protocol, text);
    if (code !== undefined)
      return { ...base, source: code.source, message: `${quoted}: ${code.label} ${code.text}` };
    return { ...base, message: quoted };
  }
  if (item.name === "Panic" && source === "solidity") {
    const code = BigInt(String(args[0]));
    const meaning = code <= 0xffn ? PANIC[Number(code)] : undefined;
    return { ...base, message: `Panic(0x${code.toString(16)}): ${meaning ?? "unknown panic code"}` };
  }
  const shown = item.inputs.map((input, index) => `${input.name}: ${String(args[index])}`).join(", ");
  const label = source === null ? "" : ` [${known.label.get(source) ?? source}]`;
  return { ...base, message: `${item.name}(${shown})${label}` };
}

/** A bare `Error(string)` code of the protocol whose call reverted, explained. */
function codeOf(
  protocol: string | undefined,
  text: string,
): { source: string; label: string; text: string } | undefined {
  if (protocol === undefined) return undefined;
  const definition = PROTOCOLS.find((entry) => entry.id === protocol);
  const explained = definition?.errors?.codes?.[text];
  if (definition === undefined || explained === undefined) return undefined;
  return { source: definition.id, label: definition.label, text: explained };
}
