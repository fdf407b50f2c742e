// The one shape of a protocol (ERC-20, a swap venue, a lending market, staking...): what the generic code of
// preflow needs to know about it. Generic code (flow parsing, mismatch checks, formatting, revert decoding,
// simulation, preflow/aa's send path, the tool server's spending policy) loops over the registry
// (`protocols/registry.ts`) and never names a protocol. Models: viem's chain `formatters`/`serializers`, the tool
// server's step decoders. This shape is stable: later changes are additive (new optional fields).
import type { Abi, Address, Hex } from "viem";
import type { JsonValue, StepCall } from "../flow/stepTypes.js";
import type { ProtocolSimulation } from "./protocolSimulation.js";

/** A custom error of an ABI. */
type AbiError = Extract<Abi[number], { type: "error" }>;

/**
 * The common shape of every intent: a `kind` unique across the registry (a test checks it), then the kind's own
 * JSON-safe fields (addresses checksummed, amounts in base units as decimal strings).
 *
 * @example
 * ```ts
 * import type { IntentShape } from "@preflow/core";
 * const intent: IntentShape = { kind: "send" };
 * ```
 */
export interface IntentShape {
  kind: string;
}

/**
 * Reads the fields of an intent from untrusted JSON. Each method reads the named field of the intent object and
 * throws `InvalidPreparedFlowError` naming it (`intent.amount: not a non-negative integer string`) when the value
 * breaks the rule; `fail` throws for a rule of the definition's own.
 *
 * @example
 * ```ts
 * import type { IntentFieldReader } from "@preflow/core";
 * const parse = (read: IntentFieldReader) => ({ kind: "lock" as const, amount: read.uint("amount") });
 * ```
 */
export interface IntentFieldReader {
  /** The path of the intent object (`"intent"`). */
  readonly path: string;
  /** Whether the field is present (not `undefined`). */
  has(key: string): boolean;
  /** An address (0x + 40 hex, a valid EIP-55 checksum when mixed case), returned checksummed. */
  address(key: string): Address;
  /** A non-negative decimal integer string within uint256. */
  uint(key: string): string;
  /** A string of at most 10 000 characters; `nonEmpty` refuses `""`. */
  text(key: string, options?: { nonEmpty?: boolean }): string;
  /** One of the `allowed` strings. */
  oneOf<const value extends string>(key: string, allowed: readonly value[]): value;
  /** Any JSON value (bounded depth and size). */
  json(key: string): JsonValue;
  /** A JSON array (bounded size), each entry a JSON value. */
  jsonList(key: string): JsonValue[];
  /** Throws `InvalidPreparedFlowError` at `intent.<key>` with `rule`. */
  fail(key: string, rule: string): never;
  /** The registry, for kinds that span protocols (a swap's `venue` is one of the registered venues). */
  readonly protocols: readonly ProtocolDefinition[];
}

/**
 * What describing an intent may use: the signer, and how preflow names addresses and amounts (a registry token's
 * symbol and decimals, a known contract's label, addresses always in full).
 *
 * @example
 * ```ts
 * import type { IntentDescribeContext } from "@preflow/core";
 * const line = (c: IntentDescribeContext, amount: string, token: string) => `Lock ${c.amount(amount, token)}`;
 * ```
 */
export interface IntentDescribeContext {
  /** The flow's signer. */
  from: Address;
  /** An address with its label when known: `"USDm (0x765D…)"`; else the address in full. */
  name(address: string): string;
  /** An amount of `token` in base units, formatted with its symbol (`"1.5 USDm"`), or in base units when unknown. */
  amount(value: string, token: string): string;
  /** A token's symbol, or its address when not a registry token. */
  symbol(token: string): string;
  /** Whether `value` is 2^256 - 1 (an "unlimited" or "everything" amount). */
  isMax(value: string): boolean;
  /** Unix seconds as an ISO time with the raw value: `"2026-11-26T03:56:50Z (unix 1795665410)"`. */
  time(unixSeconds: string): string;
  /** The registry, for kinds that span protocols (a swap names its venue from the venue's definition). */
  protocols: readonly ProtocolDefinition[];
}

/**
 * A call read back from calldata with the registry's ABIs: its function and JSON-safe arguments (a `multicall`'s
 * inner calls decoded the same way, as `{ functionName, args }` entries of its second argument).
 *
 * @example
 * ```ts
 * import type { DecodedCall } from "@preflow/core";
 * const call: DecodedCall = { functionName: "transfer", args: ["0x2222222222222222222222222222222222222222", "1"] };
 * ```
 */
export interface DecodedCall {
  functionName: string;
  args: JsonValue[];
}

/**
 * One step as a mismatch check sees it: what it is (`to`, `value`, `data`), what it says it is (`call`), and what
 * its calldata does (`decoded`, `undefined` when no ABI of the registry reads it).
 *
 * @example
 * ```ts
 * import type { CheckedStep } from "@preflow/core";
 * const last = (steps: readonly CheckedStep[]) => steps.at(-1);
 * ```
 */
export interface CheckedStep {
  index: number;
  to: Address;
  /** Wei, as a decimal string. */
  value: string;
  data: Hex;
  call: StepCall | undefined;
  decoded: DecodedCall | undefined;
}

/**
 * What checking an intent against calldata may use.
 *
 * The rule for intents: every step is checked on its own, by its index. A kind whose action is one call reads the
 * flow's **last** step (`action`: approvals and other set-up come first); a kind that any step may carry out
 * (an ERC-20 `send`) looks through `steps`. A check never picks "the first step sent to the same address" (that
 * is the approval when a flow approves the contract it then calls).
 *
 * @example
 * ```ts
 * import type { IntentCheckContext } from "@preflow/core";
 * const calls = (c: IntentCheckContext, name: string) => c.action.decoded?.functionName === name;
 * ```
 */
export interface IntentCheckContext {
  /** The flow's signer. */
  from: Address;
  /** Every step, in order. */
  steps: readonly CheckedStep[];
  /** The step that carries out the intent: the last one. */
  action: CheckedStep;
  /** Compares two JSON arguments canonically (numbers as decimal strings, hex and addresses case-insensitive). */
  same(a: JsonValue | undefined, b: JsonValue | undefined): boolean;
  /** A call as one short line for a rule: `transfer("0x…", "1")`, cut to 200 characters. */
  show(call: DecodedCall): string;
  /** The registry, for kinds that span protocols. */
  protocols: readonly ProtocolDefinition[];
}

/**
 * One intent kind of a protocol: how to read it from untrusted JSON, say it in words and check it against the
 * calldata of the flow that carries it. `fields` and `parse` usually come from {@link intentFields} (each field
 * named once with its rule); a kind that reads something special (an optional field, a list of addresses, a rule
 * across fields) writes them by hand: `fields: ["amount"], parse: (read) => ({ kind: "lock", amount: read.uint("amount") })`.
 *
 * @example
 * ```ts
 * import { intentFields, type IntentKindDefinition } from "@preflow/core";
 * interface LockIntent { kind: "lock"; amount: string }
 * const lock: IntentKindDefinition<LockIntent> = {
 *   ...intentFields("lock", { amount: "uint" }),
 *   describe: (intent, c) => `Lock ${c.amount(intent.amount, celo)}`,
 *   check: (intent, c) =>
 *     c.action.decoded?.functionName === "lock" && c.action.value === intent.amount
 *       ? undefined
 *       : `says a lock of ${intent.amount}, but the last step does not lock it`,
 * };
 * ```
 */
export interface IntentKindDefinition<intent extends IntentShape = IntentShape> {
  /** The fields the kind allows besides `kind` (optional ones included); any other key is refused. */
  readonly fields: readonly string[];
  /** Reads the intent (its `kind` already checked) from untrusted JSON; throws only through `read`. */
  parse(read: IntentFieldReader): intent;
  /** One line for `formatPreparedFlow`: what the flow does, for the signer ("Supply 10 USDC to Aave v3"). */
  describe(intent: intent, context: IntentDescribeContext): string;
  /**
   * Why the flow's calldata does not carry out the intent (a rule such as `says a send of 1 … but no step makes
   * it`), or `undefined` when it does. Pure; must not throw on any flow whose fields have the right shape.
   */
  check(intent: intent, context: IntentCheckContext): string | undefined;
}

/**
 * The intent kinds of a protocol, by kind.
 *
 * @example
 * ```ts
 * import type { IntentKinds } from "@preflow/core";
 * type LockIntent = { kind: "lock"; amount: string };
 * type Kinds = IntentKinds<LockIntent>; // { lock: IntentKindDefinition<LockIntent> }
 * ```
 */
export type IntentKinds<intent extends IntentShape> = {
  readonly [kind in intent["kind"]]: IntentKindDefinition<IntentOfKind<intent, kind>>;
};

/**
 * The members of an intent union whose `kind` may be `kind` (one interface may cover several kinds, as Aave's
 * `LendingIntent` does for supply, withdraw, borrow and repay).
 *
 * @example
 * ```ts
 * import type { IntentOfKind } from "@preflow/core";
 * type Send = IntentOfKind<FlowIntent, "send">; // SendIntent
 * ```
 */
export type IntentOfKind<intent extends IntentShape, kind extends string> = intent extends unknown
  ? kind extends intent["kind"]
    ? intent
    : never
  : never;

/**
 * A contract of a protocol at its chain-42220 address: its label (used in previews, `call.contract` and tool
 * output) and the ABI preflow reads its calldata back with.
 *
 * @example
 * ```ts
 * import type { ProtocolContract } from "@preflow/core";
 * const pool: ProtocolContract = { address: "0x3E59A31363E2ad014dcbc521c4a0d5757d9f3402", label: "Aave v3 Pool", abi: [] };
 * ```
 */
export interface ProtocolContract {
  address: Address;
  label: string;
  abi: Abi;
}

/**
 * How a protocol's reverts are decoded by `decodeRevertReason`.
 *
 * @example
 * ```ts
 * import type { ProtocolRevertErrors } from "@preflow/core";
 * const errors: ProtocolRevertErrors = {
 *   errors: [{ type: "error", name: "NotEnoughLocked", inputs: [] }],
 *   messages: { "not enough locked gold": "the account has less CELO locked than asked" },
 * };
 * ```
 */
export interface ProtocolRevertErrors {
  /** Custom errors (ABI items) this protocol's contracts revert with. */
  errors?: readonly AbiError[];
  /**
   * `Error(string)` reasons this protocol uses, explained (`"STF"` → "the token transfer from the sender failed").
   * Applied to any revert (make the strings specific enough for that).
   */
  messages?: Readonly<Record<string, string>>;
  /**
   * Bare `Error(string)` codes (`"26"`), explained: ambiguous across protocols, so applied only when the reverted
   * call is this protocol's (its contract, its intent, or a `call.contract` label of its contracts).
   */
  codes?: Readonly<Record<string, string>>;
}

/**
 * A step of a flow as a policy decoder sees it: calldata without its attribution suffix.
 *
 * @example
 * ```ts
 * import type { DecodableStep } from "@preflow/core";
 * const step: DecodableStep = { index: 0, to: "0x765DE816845861e75A25fCA122bb6898B8B1282a", data: "0x", value: 0n };
 * ```
 */
export interface DecodableStep {
  index: number;
  to: Address;
  /** The calldata with any ERC-8021 suffix removed. */
  data: Hex;
  value: bigint;
  /** The flow's `from` (who signs), when known: decoders of positions check that the position is its own. */
  from?: Address | undefined;
}

/**
 * What a step does that a spending policy looks at. Decoders turn a step into effects; a step no decoder
 * recognises is an unknown `call`.
 * - `transfer`: an ERC-20 `transfer` of `token` to `to`;
 * - `native`: CELO sent as the step's value to `to`;
 * - `approve`: an allowance of `amount` of `token` for `spender`; `through` names the contract that grants it from
 *   its own ERC-20 allowance (Permit2): the spend is counted once, on this allowance, and the same amount of
 *   `through`'s allowance in the flow is not counted again;
 * - `pull`: a recognised call that spends `amount` of `token` through the allowance of `spender` (a swap's
 *   amount in, a supply or repay), counted once with the approval it uses;
 * - `deliver`: a recognised call sends what it produces (a swap's output) to `to`; `allow.recipients` applies
 *   unless `to` is the flow's own `from`;
 * - `call`: a call of a contract; `known` when a decoder recognised it (then allow.contracts does not apply).
 *
 * @example
 * ```ts
 * import type { FlowEffect } from "@preflow/core";
 * const effect: FlowEffect = { kind: "native", step: 0, to: "0x2222222222222222222222222222222222222222", amount: 1n };
 * ```
 */
export type FlowEffect =
  | { kind: "transfer"; step: number; token: Address; to: Address; amount: bigint }
  | { kind: "native"; step: number; to: Address; amount: bigint }
  | { kind: "approve"; step: number; token: Address; spender: Address; amount: bigint; through?: Address }
  | { kind: "pull"; step: number; token: Address; spender: Address; amount: bigint }
  | { kind: "deliver"; step: number; to: Address; label: string }
  | { kind: "call"; step: number; to: Address; selector: Hex; known: boolean; label?: string };

/**
 * A decoder of one kind of call, for a spending policy. Returns the step's effects when it recognises the call
 * (the `call` effect included, with `known: true`), `undefined` when the call is not its kind. Never throws on
 * garbage and never accepts calldata of a wrong length (decode with `decodeCallStrictly`).
 *
 * @example
 * ```ts
 * import type { StepDecoder } from "@preflow/core";
 * const never: StepDecoder = () => undefined;
 * ```
 */
export type StepDecoder = (step: DecodableStep) => FlowEffect[] | undefined;

/**
 * What a swap venue's router call says, read back from its decoded calldata, for the `swap` intent's check.
 *
 * @example
 * ```ts
 * import type { SwapCallFields } from "@preflow/core";
 * const fields: SwapCallFields = { tokenIn: "0x…", tokenOut: "0x…", amountIn: "1", minAmountOut: "1", recipient: "0x…", deadline: "1" };
 * ```
 */
export interface SwapCallFields {
  tokenIn: JsonValue | undefined;
  tokenOut: JsonValue | undefined;
  amountIn: JsonValue | undefined;
  minAmountOut: JsonValue | undefined;
  recipient: JsonValue | undefined;
  deadline: JsonValue | undefined;
}

/**
 * A protocol that is a swap venue: the `venue` value of a `swap` intent, its name in words and how to read its
 * router call back. The venue union (`SwapVenue`), the `venue` choices of `prepareSwap`, the venues
 * `getSwapQuotes` quotes and the tool server's `venue` enum are all derived from the registered venues, in registry
 * order; each venue's quoting and encoding (its adapter, `venue.ts`) loads on the first swap through
 * `SWAP_VENUE_ADAPTERS` (`protocols/swapVenueAdapters.ts`, typed so that every registered venue has one).
 *
 * @example
 * ```ts
 * import type { SwapVenueDefinition } from "@preflow/core";
 * const venue: SwapVenueDefinition<"mento"> = {
 *   venue: "mento",
 *   label: "Mento",
 *   description: "Mento v3 (FPMM pools)",
 *   readSwap: () => "not a swap",
 * };
 * ```
 */
export interface SwapVenueDefinition<venue extends string = string> {
  /** The `venue` of a swap intent and of `prepareSwap`'s `venue` option (`"uniswap"`). */
  venue: venue;
  /** For sentences: `"Uniswap"`. */
  label: string;
  /** One short phrase for option lists and tool descriptions: `"Uniswap v3 (QuoterV2, SwapRouter02)"`. */
  description: string;
  /**
   * The swap the router call makes, or a rule saying why it is not one swap (`"the router multicall is not one
   * swap"`). `context.from` is the flow's signer (a router that pays its caller names no recipient in calldata).
   */
  readSwap(call: DecodedCall, context?: { from: Address }): SwapCallFields | string;
}

/**
 * A protocol as preflow's generic code knows it. Every field but `id` and `label` is optional: a protocol
 * declares what it has. Create one with {@link defineProtocol} in `protocols/<name>/definition.ts` and add it to
 * the registry (`PROTOCOLS`, one line); `docs/adding-a-protocol.md` walks through it.
 *
 * @example
 * ```ts
 * import { defineProtocol, type ProtocolDefinition } from "@preflow/core";
 * const staking: ProtocolDefinition = defineProtocol({
 *   id: "celo-staking",
 *   label: "Celo staking",
 *   contracts: [{ address: lockedGold, label: "Celo LockedGold", abi: lockedGoldAbi }],
 *   errors: { messages: { "Not enough locked gold": "..." } },
 * });
 * ```
 */
export interface ProtocolDefinition<
  intent extends IntentShape = IntentShape,
  errorCode extends string = string,
  venue extends string = string,
> {
  /** Stable id (lower-case, `-` separated): `"erc20"`, `"aave-v3"`. A revert's `source` and a policy's tag. */
  readonly id: string;
  /** For sentences and labels: `"ERC-20"`, `"Aave v3"`. */
  readonly label: string;
  /** Its contracts on chain 42220 (labels for previews; ABIs to read calldata back). */
  readonly contracts?: readonly ProtocolContract[];
  /** Functions read back wherever they are called (not bound to one address: ERC-20's `transfer`, `approve`...). */
  readonly abi?: Abi;
  /** Its intent kinds (each `kind` unique across the registry). */
  readonly intents?: IntentKinds<intent>;
  /** How its reverts decode. */
  readonly errors?: ProtocolRevertErrors;
  /** Its spending-policy decoders, tried in registry order; the first that recognises a step wins. */
  readonly decoders?: readonly StepDecoder[];
  /** Set when it is a swap venue. */
  readonly swapVenue?: SwapVenueDefinition<venue>;
  /** What simulation reads of it beyond ERC-20 events. */
  readonly simulation?: ProtocolSimulation;
  /**
   * The stable `code`s of the `SdkError`s its own actions throw (its refusals), each unique across the registry;
   * `CoreErrorCode` is the generic codes plus these.
   */
  readonly errorCodes?: readonly errorCode[];
}

/**
 * Declares a protocol: returns `definition` unchanged, typed with its own intent kinds (as viem's `defineChain`),
 * so the registry derives the `FlowIntent` union from its definitions.
 *
 * @param definition - The protocol.
 * @returns The same object.
 *
 * @example
 * ```ts
 * import { defineProtocol } from "@preflow/core";
 * export const stakingProtocol = defineProtocol<LockIntent | VoteIntent>({ id: "celo-staking", label: "Celo staking", intents: { lock, vote } });
 * ```
 */
export function defineProtocol<
  const intent extends IntentShape = never,
  const errorCode extends string = never,
  const venue extends string = never,
>(definition: ProtocolDefinition<intent, errorCode, venue>): ProtocolDefinition<intent, errorCode, venue> {
  return definition;
}

/**
 * The intent union of a definition (or a union of definitions).
 *
 * @example
 * ```ts
 * import type { IntentOf } from "@preflow/core";
 * type Erc20Intent = IntentOf<typeof erc20Protocol>; // SendIntent | ApproveIntent
 * ```
 */
export type IntentOf<protocol> =
  protocol extends ProtocolDefinition<infer intent, infer _errorCode, infer _venue> ? intent : never;

/**
 * The error codes a definition (or a union of definitions) declares in `errorCodes`.
 *
 * @example
 * ```ts
 * import type { ErrorCodeOf } from "@preflow/core";
 * type AaveCodes = ErrorCodeOf<typeof aaveProtocol>; // LendingErrorCode
 * ```
 */
export type ErrorCodeOf<protocol> =
  protocol extends ProtocolDefinition<infer _intent, infer errorCode, infer _venue> ? errorCode : never;

/**
 * The swap venue a definition (or a union of definitions) declares in `swapVenue` (`never` when it is not one).
 *
 * @example
 * ```ts
 * import type { VenueOf } from "@preflow/core";
 * type Mento = VenueOf<typeof mentoProtocol>; // "mento"
 * ```
 */
export type VenueOf<protocol> =
  protocol extends ProtocolDefinition<infer _intent, infer _errorCode, infer venue> ? venue : never;
