import { isRecord, typeName } from "@preflow/errors";
import { getAddress, isAddress, maxUint256 } from "viem";
import { CHAIN_ID } from "../chain.js";
import { describeValue } from "../errors/base.js";
import { InvalidPreparedFlowError } from "../errors/preparedFlow.js";
import type { IntentFieldReader } from "../protocols/definition.js";
import { PROTOCOLS } from "../protocols/registry.js";
import { findFlowMismatches } from "./findFlowMismatches.js";
import { INTENT_KIND_DEFINITIONS } from "./intentKinds.js";
import type {
  FlowIntent,
  JsonValue,
  PreparedStep,
  PreparedStepKind,
  SerializedPreparedFlow,
  StepCall,
} from "./types.js";

const KINDS: readonly PreparedStepKind[] = ["native", "erc20", "contract"];
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const UINT = /^(?:0|[1-9]\d*)$/;
const MAX_JSON_DEPTH = 16;

/**
 * The most steps a prepared flow may have. Every `prepare*` makes a handful (approvals, then the action); a
 * flow from outside with more is refused before anything is read from its steps.
 *
 * @example
 * ```ts
 * import { MAX_PREPARED_FLOW_STEPS } from "@preflow/core";
 * console.log(MAX_PREPARED_FLOW_STEPS); // 256
 * ```
 */
export const MAX_PREPARED_FLOW_STEPS = 256;
/** The longest `data` of a step, in bytes (a transaction's calldata is far below this on chain 42220). */
const MAX_DATA_BYTES = 256 * 1024;
/** The longest text field (`summary`, `description`, labels), in characters. */
const MAX_TEXT = 10_000;
/** The most entries of one JSON array or object inside a flow (`call.args`, `intent.route`). */
const MAX_JSON_ENTRIES = 1_000;

type Fields = Record<string, unknown>;

function fail(path: string, rule: string): never {
  throw new InvalidPreparedFlowError({ path, rule });
}

/** A short, safe preview of any value (never throws, whatever getters, `toJSON` or proxies do). */
function preview(value: unknown): string {
  try {
    return describeValue(value, 40);
  } catch {
    return "a value that cannot be shown";
  }
}

/** A key, cut short for a path. */
function keyOf(key: string): string {
  return key.length > 40 ? `${key.slice(0, 37)}...` : key;
}

/** Runs `read`; anything it throws (a getter, a proxy trap) is an `InvalidPreparedFlowError` at `path`. */
function guarded<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidPreparedFlowError) throw error;
    return fail(path, "could not be read (a getter or proxy threw)");
  }
}

/** `isRecord` of `@preflow/errors`, guarded: a proxy that throws is an `InvalidPreparedFlowError` at `path`. */
const isRecordAt = (value: unknown, path: string): boolean => guarded(path, () => isRecord(value));

/** A plain copy of an object's own enumerable string-keyed fields, each read once; unknown keys refused. */
function record(value: unknown, path: string, allowed: readonly string[] | undefined): Fields {
  if (!isRecordAt(value, path)) fail(path, `not an object (got ${typeName(value)})`);
  const at = (key: string) => (path === "(root)" ? keyOf(key) : `${path}.${keyOf(key)}`);
  const keys = guarded(path, () => Object.keys(value as object));
  if (keys.length > MAX_JSON_ENTRIES) fail(path, `more than ${MAX_JSON_ENTRIES} fields`);
  const copy: Fields = Object.create(null) as Fields;
  for (const key of keys) {
    if (allowed !== undefined && !allowed.includes(key)) fail(at(key), "unknown field");
    copy[key] = guarded(at(key), () => (value as Fields)[key]);
  }
  return copy;
}

/** A plain copy of an array (each entry read once); sparse arrays and more than `max` entries refused. */
function list(value: unknown, path: string, max: number): unknown[] {
  if (typeof value !== "object" || value === null || !guarded(path, () => Array.isArray(value))) {
    fail(path, `not an array (got ${typeName(value)})`);
  }
  const array = value as unknown[];
  const length = guarded(path, () => array.length);
  if (length > max) fail(path, `more than ${max} entries (got ${length})`);
  const copy: unknown[] = [];
  for (let index = 0; index < length; index++) {
    const at = `${path}[${index}]`;
    if (!guarded(at, () => index in array)) fail(at, "missing (a sparse array)");
    copy.push(guarded(at, () => array[index]));
  }
  return copy;
}

function address(value: unknown, path: string): PreparedStep["to"] {
  if (typeof value !== "string") fail(path, `not an address (got ${typeName(value)})`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) fail(path, "not an address (0x + 40 hex)");
  if (!isAddress(value)) fail(path, "wrong EIP-55 checksum");
  return getAddress(value);
}

function text(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== "string") fail(path, `must be a string (got ${typeName(value)})`);
  if (nonEmpty && value.length === 0) fail(path, "must not be empty");
  if (value.length > MAX_TEXT) fail(path, `longer than ${MAX_TEXT} characters`);
  return value;
}

function uint(value: unknown, path: string, what = "a decimal integer string"): string {
  if (typeof value !== "string") fail(path, `must be ${what} (got ${typeName(value)})`);
  if (value.length > 78) fail(path, "beyond uint256");
  if (!UINT.test(value)) fail(path, "not a non-negative integer string");
  if (BigInt(value) > maxUint256) fail(path, "beyond uint256");
  return value;
}

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    fail(path, `must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function json(value: unknown, path: string, depth = 0): JsonValue {
  if (depth > MAX_JSON_DEPTH) fail(path, `nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "string") return text(value, path);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail(path, "not a finite number");
    return value;
  }
  if (typeof value === "object" && guarded(path, () => Array.isArray(value))) {
    return list(value, path, MAX_JSON_ENTRIES).map((entry, index) =>
      json(entry, `${path}[${index}]`, depth + 1),
    );
  }
  if (isRecordAt(value, path)) {
    const out: Record<string, JsonValue> = {};
    for (const [key, entry] of Object.entries(record(value, path, undefined))) {
      // defineProperty: a "__proto__" key stays a key (assignment would set the prototype and drop it).
      Object.defineProperty(out, key, {
        value: json(entry, `${path}.${keyOf(key)}`, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return fail(path, `not a JSON value (got ${typeName(value)})`);
}

function parseCall(value: unknown, path: string): StepCall {
  const fields = record(value, path, ["contract", "functionName", "args"]);
  const args = list(fields.args, `${path}.args`, MAX_JSON_ENTRIES);
  return {
    contract: text(fields.contract, `${path}.contract`, true),
    functionName: text(fields.functionName, `${path}.functionName`, true),
    args: args.map((arg, index) => json(arg, `${path}.args[${index}]`)),
  };
}

function parseStep(value: unknown, index: number): PreparedStep {
  const at = `steps[${index}]`;
  const fields = record(value, at, ["kind", "to", "data", "value", "description", "call", "feeCurrency"]);
  const kind = oneOf(fields.kind, `${at}.kind`, KINDS);
  const to = address(fields.to, `${at}.to`);
  const data = fields.data;
  if (typeof data !== "string") fail(`${at}.data`, `not hex (got ${typeName(data)})`);
  if (data.length > 2 + 2 * MAX_DATA_BYTES) fail(`${at}.data`, `longer than ${MAX_DATA_BYTES} bytes`);
  if (!HEX.test(data)) fail(`${at}.data`, "not hex (0x followed by whole bytes)");
  const wei = uint(fields.value, `${at}.value`, "a decimal string of wei");
  const description = text(fields.description, `${at}.description`);
  const step: PreparedStep = { kind, to, data: data as PreparedStep["data"], value: wei, description };
  if (fields.call !== undefined) step.call = parseCall(fields.call, `${at}.call`);
  if (fields.feeCurrency !== undefined) step.feeCurrency = address(fields.feeCurrency, `${at}.feeCurrency`);
  return step;
}

/** A reader of the intent's fields that throws `InvalidPreparedFlowError` naming the field. */
function intentReader(fields: Fields, path: string): IntentFieldReader {
  const at = (key: string) => `${path}.${keyOf(key)}`;
  return {
    path,
    has: (key) => fields[key] !== undefined,
    address: (key) => address(fields[key], at(key)),
    uint: (key) => uint(fields[key], at(key)),
    text: (key, options) => text(fields[key], at(key), options?.nonEmpty === true),
    oneOf: (key, allowed) => oneOf(fields[key], at(key), allowed),
    json: (key) => json(fields[key], at(key)),
    jsonList: (key) =>
      list(fields[key], at(key), MAX_JSON_ENTRIES).map((entry, index) => json(entry, `${at(key)}[${index}]`)),
    fail: (key, rule) => fail(at(key), rule),
    protocols: PROTOCOLS,
  };
}

function parseIntent(value: unknown): FlowIntent {
  const path = "intent";
  const all = record(value, path, undefined);
  const kind = oneOf(all.kind, `${path}.kind`, [...INTENT_KIND_DEFINITIONS.keys()]);
  const definition = INTENT_KIND_DEFINITIONS.get(kind)!;
  const fields = record(all, path, ["kind", ...definition.fields]);
  return definition.parse(intentReader(fields, path)) as FlowIntent;
}

const FLOW_FIELDS = [
  "preparedFlow",
  "chainId",
  "from",
  "summary",
  "steps",
  "intent",
  "preparedAt",
  "expiresAt",
  "fee",
] as const;

const FEE_FIELDS = [
  "currency",
  "feeCurrency",
  "gas",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "estimated",
  "max",
];

/**
 * Validates a prepared flow that comes from outside (JSON from an agent, a queue, an HTTP body) and returns a
 * clean typed copy (addresses checksummed). Rules: `preparedFlow` is `true`, `chainId` is 42220, `from` and
 * every `to` are addresses, `steps` is non-empty, every `data` is hex, every `value` is a non-negative integer
 * string within uint256; the optional `call` of a step (`{ contract, functionName, args }`, JSON arguments),
 * `intent` (a {@link FlowIntent}), `preparedAt` (`{ blockNumber }`) and `expiresAt` (unix seconds) are checked
 * when present, so flows of older versions without them stay valid. Unknown fields are refused, not dropped.
 * `call` and `intent` must match the calldata wherever preflow can read it back ({@link findFlowMismatches}:
 * every registered protocol's ABI), so a flow edited by hand cannot describe one transfer and make another.
 * No I/O. Time is not checked: an expired flow (its `expiresAt`, a swap's deadline, has passed) still parses;
 * ask {@link isPreparedFlowExpired} before signing (`formatPreparedFlow` and the tools say it too).
 *
 * Parsed once: the flow returned is frozen (deeply), and passing it again (to `executePreparedFlow`,
 * `simulatePreparedFlow`, `formatPreparedFlow`, a wallet or aa send, or this function) returns it as it is, without
 * decoding it again. A copy (`{ ...flow }`) is a new input and is parsed again.
 *
 * Limits: at most {@link MAX_PREPARED_FLOW_STEPS} (256) steps, `data` up to 256 KiB, text fields up to 10 000
 * characters, JSON arguments up to 16 levels deep and 1 000 entries per array or object; sparse arrays are
 * refused. Every field is read once (getters, `toJSON` and proxies cannot change it between the check and the
 * copy), and whatever the input does (a throwing getter, a revoked proxy, a `bigint` or circular value), the
 * only error is `InvalidPreparedFlowError`, whose message shows values cut to a short preview.
 *
 * @param input - Anything (typically `JSON.parse` of a message).
 * @returns The flow, typed.
 * @throws {InvalidPreparedFlowError} naming the bad path and rule (`steps[1].data: not hex`).
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
  if (typeof input === "object" && input !== null && PARSED.has(input))
    return input as SerializedPreparedFlow;
  try {
    const flow = freezeDeep(parseFlow(input));
    PARSED.add(flow);
    return flow;
  } catch (error) {
    if (error instanceof InvalidPreparedFlowError) throw error;
    // A safety net: nothing but InvalidPreparedFlowError leaves this function, whatever the input does.
    throw new InvalidPreparedFlowError({ path: "(root)", rule: "could not be read" });
  }
}

/** The flows {@link parsePreparedFlow} returned (frozen, so they are still what was checked). */
const PARSED = new WeakSet<object>();

/** Freezes a parsed flow and everything in it (plain objects and arrays of JSON values). */
function freezeDeep<value>(value: value): value {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) freezeDeep(inner);
  return Object.freeze(value);
}

function parseFlow(input: unknown): SerializedPreparedFlow {
  const fields = record(input, "(root)", FLOW_FIELDS);
  if (fields.preparedFlow !== true) fail("preparedFlow", "must be true");
  if (fields.chainId !== CHAIN_ID) fail("chainId", `must be ${CHAIN_ID} (got ${preview(fields.chainId)})`);
  const from = address(fields.from, "from");
  const summary = text(fields.summary, "summary");
  const steps = list(fields.steps, "steps", MAX_PREPARED_FLOW_STEPS);
  if (steps.length === 0) fail("steps", "must not be empty");
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary,
    steps: steps.map((step, index) => parseStep(step, index)),
  };
  if (fields.intent !== undefined) flow.intent = parseIntent(fields.intent);
  if (fields.preparedAt !== undefined) {
    const preparedAt = record(fields.preparedAt, "preparedAt", ["blockNumber"]);
    flow.preparedAt = { blockNumber: uint(preparedAt.blockNumber, "preparedAt.blockNumber") };
  }
  if (fields.expiresAt !== undefined) flow.expiresAt = uint(fields.expiresAt, "expiresAt");
  if (fields.fee !== undefined) {
    const fee = record(fields.fee, "fee", FEE_FIELDS);
    flow.fee = {
      currency: text(fee.currency, "fee.currency", true),
      feeCurrency: address(fee.feeCurrency, "fee.feeCurrency"),
      gas: uint(fee.gas, "fee.gas"),
      maxFeePerGas: uint(fee.maxFeePerGas, "fee.maxFeePerGas"),
      maxPriorityFeePerGas: uint(fee.maxPriorityFeePerGas, "fee.maxPriorityFeePerGas"),
      estimated: uint(fee.estimated, "fee.estimated"),
      max: uint(fee.max, "fee.max"),
    };
  }
  // CIP-64: the steps' fee currency is the flow's (every step, or none when gas is paid in CELO)
  for (const [index, step] of flow.steps.entries())
    if (step.feeCurrency !== flow.fee?.feeCurrency)
      fail(
        `steps[${index}].feeCurrency`,
        flow.fee ? `must be fee.feeCurrency ${flow.fee.feeCurrency}` : "needs fee",
      );
  // What the flow says it does (`call`, `intent`) must be what its calldata does, where preflow can read it back.
  const [mismatch] = findFlowMismatches(flow);
  if (mismatch !== undefined) fail(mismatch.path, mismatch.rule);
  return flow;
}
