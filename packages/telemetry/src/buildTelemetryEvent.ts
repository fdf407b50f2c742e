/**
 * Outcome of a tracked call: `ok`, the error's `code` when it is a safe identifier, else `error`.
 *
 * @example
 * ```ts
 * import type { TelemetryOutcome } from "@preflow/telemetry";
 * const outcomes: TelemetryOutcome[] = ["ok", "error", "RPC_ERROR"];
 * ```
 */
export type TelemetryOutcome = "ok" | "error" | (string & {});

/**
 * One event in the Amplitude HTTP V2 format. These are all the fields telemetry ever sends.
 *
 * @example
 * ```ts
 * import type { TelemetryEvent } from "@preflow/telemetry";
 * const event: TelemetryEvent = {
 *   event_type: "token.getBalance",
 *   device_id: "acme_pay_bot",
 *   user_id: "0x00000000000000000000000000000000000000aa",
 *   time: 1767225600000,
 *   insert_id: "0b0b3c1e-4f44-4a53-8f0c-1f6e1c3f8a11",
 *   event_properties: { sdk_version: "1.0.0", duration_ms: 12.5, outcome: "ok" },
 * };
 * ```
 */
export interface TelemetryEvent {
  /** The operation name, e.g. `token.getBalance`. */
  event_type: string;
  /** The app's device id (see `sanitizeDeviceId`); filled in before sending when detection is async. */
  device_id?: string;
  /** Lowercased wallet address, when one is known. */
  user_id?: string;
  /** Start of the call, milliseconds since the Unix epoch. */
  time: number;
  /** Random per-event id, so that a retried batch is not counted twice. */
  insert_id: string;
  event_properties: {
    sdk_version: string;
    /** Wall-clock duration of the call in milliseconds (three decimals). */
    duration_ms: number;
    outcome: TelemetryOutcome;
  };
}

/**
 * Input of {@link buildTelemetryEvent}.
 *
 * @example
 * ```ts
 * import type { BuildTelemetryEventParameters } from "@preflow/telemetry";
 * const input: BuildTelemetryEventParameters = {
 *   operation: "token.getBalance", sdkVersion: "1.0.0", durationMs: 3, time: Date.now(), error: undefined,
 * };
 * ```
 */
export interface BuildTelemetryEventParameters {
  operation: string;
  sdkVersion: string;
  /** Wallet address from the call's arguments; wins over `defaultWalletAddress`. */
  walletAddress?: string | undefined;
  /** Fallback wallet address (the `analyticsWalletAddress` option). */
  defaultWalletAddress?: string | undefined;
  deviceId?: string | undefined;
  durationMs: number;
  time: number;
  /** Set to mark a failed call; `undefined` means the call succeeded (`failed` distinguishes `throw undefined`). */
  error?: unknown;
  failed?: boolean;
  insertId?: string;
}

const MAX_DURATION_MS = 365 * 24 * 3600 * 1000;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
const OPERATION = /^[A-Za-z][A-Za-z0-9_]{0,39}(\.[A-Za-z][A-Za-z0-9_]{0,39}){0,4}$/;
/** Runs that could be key material or amounts are never sent, even inside an identifier. */
const SECRET_LIKE = /[0-9a-fA-F]{16,}|[0-9]{6,}/;
const SEMVER = /^\d{1,5}\.\d{1,5}\.\d{1,5}(-[0-9A-Za-z.-]{1,40})?(\+[0-9A-Za-z.-]{1,40})?$/;

/**
 * The `event_type` sent for an operation name that is not a plain dotted identifier (letters, digits and
 * `_`, parts separated by `.`, each part starting with a letter and at most 40 characters, at most five
 * parts, no run of 16 hex digits or 6 decimal digits).
 *
 * @example
 * ```ts
 * import { buildTelemetryEvent, INVALID_OPERATION } from "@preflow/telemetry";
 * const event = buildTelemetryEvent({ operation: "https://rpc", sdkVersion: "1.0.0", durationMs: 1, time: 0 });
 * event.event_type === INVALID_OPERATION; // true
 * ```
 */
export const INVALID_OPERATION = "invalid_operation";

/**
 * Returns the lowercased address when `value` is a 20-byte hex address, else `undefined`. Anything else
 * (ENS names, private keys, arbitrary strings) is never used as a user id.
 */
function toUserId(value: unknown): string | undefined {
  return typeof value === "string" && ADDRESS.test(value) ? value.toLowerCase() : undefined;
}

/**
 * Maps a thrown value to an outcome: its `code` when that is a string identifier (letters, digits, `_`,
 * `.`, `:`, `-`; at most 64 characters; no long hex or digit runs), else `error`.
 *
 * @example
 * ```ts
 * import { outcomeOf } from "@preflow/telemetry";
 * outcomeOf(Object.assign(new Error("x"), { code: "ECONNREFUSED" })); // "ECONNREFUSED"
 * outcomeOf(new Error("no code"));                                    // "error"
 * ```
 */
export function outcomeOf(error: unknown): TelemetryOutcome {
  let code: unknown;
  try {
    code = (error as { code?: unknown } | null | undefined)?.code;
  } catch {
    return "error";
  }
  return typeof code === "string" && IDENTIFIER.test(code) && !SECRET_LIKE.test(code) ? code : "error";
}

/** Operation names and versions repeat on every call; their checks are cached (bounded). */
function cachedCheck(check: (value: string) => string): (value: unknown) => string {
  const cache = new Map<string, string>();
  return (value) => {
    if (typeof value !== "string") return check("");
    let result = cache.get(value);
    if (result === undefined) {
      result = check(value);
      if (cache.size >= 256) cache.clear();
      cache.set(value, result);
    }
    return result;
  };
}

const safeOperation = cachedCheck((operation) =>
  OPERATION.test(operation) && !SECRET_LIKE.test(operation) ? operation : INVALID_OPERATION,
);
const safeVersion = cachedCheck((version) =>
  SEMVER.test(version) && !SECRET_LIKE.test(version) ? version : "unknown",
);

let counter = 0;
function randomInsertId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
  counter = (counter + 1) % 0x7fffffff;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Builds the one event a tracked call sends. The shape is closed: `event_type` is a dotted identifier
 * (else `invalid_operation`), `user_id` only ever holds a lowercased 20-byte address, and the properties are
 * exactly `sdk_version`, `duration_ms` and `outcome`, so no private key, API key, RPC URL, calldata or
 * amount can be carried.
 *
 * @example
 * ```ts
 * import { buildTelemetryEvent } from "@preflow/telemetry";
 * const event = buildTelemetryEvent({
 *   operation: "token.getBalance",
 *   walletAddress: "0x00000000000000000000000000000000000000AA",
 *   sdkVersion: "1.0.0",
 *   deviceId: "acme_pay_bot",
 *   durationMs: 12.3456,
 *   time: Date.now(),
 * });
 * // event.user_id === "0x00000000000000000000000000000000000000aa"
 * // event.event_properties => { sdk_version: "1.0.0", duration_ms: 12.346, outcome: "ok" }
 * ```
 */
export function buildTelemetryEvent(parameters: BuildTelemetryEventParameters): TelemetryEvent {
  const failed = parameters.failed === true || parameters.error !== undefined;
  // Clamped to [0, one year] so that rounding below can never overflow.
  const duration = Number.isFinite(parameters.durationMs)
    ? Math.min(MAX_DURATION_MS, Math.max(0, parameters.durationMs))
    : 0;
  const event: TelemetryEvent = {
    event_type: safeOperation(parameters.operation),
    time: Number.isFinite(parameters.time) ? Math.round(parameters.time) : Date.now(),
    insert_id: parameters.insertId ?? randomInsertId(),
    event_properties: {
      sdk_version: safeVersion(parameters.sdkVersion),
      duration_ms: Math.round(duration * 1000) / 1000,
      outcome: failed ? outcomeOf(parameters.error) : "ok",
    },
  };
  const userId = toUserId(parameters.walletAddress) ?? toUserId(parameters.defaultWalletAddress);
  if (userId !== undefined) event.user_id = userId;
  if (typeof parameters.deviceId === "string" && parameters.deviceId !== "") {
    event.device_id = parameters.deviceId;
  }
  return event;
}
