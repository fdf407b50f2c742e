import { BoundedQueue } from "./boundedQueue.js";
import { buildTelemetryEvent, type TelemetryEvent } from "./buildTelemetryEvent.js";
import {
  DEFAULT_TELEMETRY_API_KEY,
  DEFAULT_TELEMETRY_ENDPOINT,
  DO_NOT_TRACK_ENV,
  TELEMETRY_DEFAULTS,
  TELEMETRY_ENDPOINT_ENV,
} from "./constants.js";
import { detectDeviceId } from "./detectDeviceId.js";
import { registerExitFlush } from "./exitFlush.js";
import type { FlushTelemetryOptions } from "./flushTelemetry.js";
import { isLocalRpcUrl } from "./isLocalRpcUrl.js";
import { liveInstances } from "./registry.js";
import { sendBatch, type TelemetryFetch } from "./sendBatch.js";

/**
 * Options of {@link createTelemetry}. Only `sdkVersion` is required.
 *
 * @example
 * ```ts
 * import type { TelemetryOptions } from "@preflow/telemetry";
 * const options: TelemetryOptions = {
 *   sdkVersion: "1.0.0",
 *   enabled: true,                          // `analyticsEnabled`
 *   walletAddress: "0x00000000000000000000000000000000000000aa", // `analyticsWalletAddress`
 * };
 * ```
 */
export interface TelemetryOptions {
  /** `false` turns telemetry off (`analyticsEnabled`). Default `true`; `DO_NOT_TRACK` in `env` also turns it off. */
  enabled?: boolean;
  /** Analytics project key (`telemetryApiKey`); default {@link DEFAULT_TELEMETRY_API_KEY}. */
  apiKey?: string;
  /** Batch endpoint (`telemetryEndpoint`); default `env.PREFLOW_TELEMETRY_ENDPOINT`, then {@link DEFAULT_TELEMETRY_ENDPOINT}. */
  endpoint?: string;
  /** `device_id` (`analyticsDeviceId`); default: the consuming package's sanitized name, else `sdk`. */
  deviceId?: string;
  /** Fallback `user_id` when a call carries no address (`analyticsWalletAddress`). */
  walletAddress?: string;
  /** Version of the SDK, sent as `sdk_version`. */
  sdkVersion: string;
  /**
   * The RPC URL the tracked reads go to (never sent). When it is a loopback or private address
   * ({@link isLocalRpcUrl}) telemetry is off, since development against a local chain is not usage, unless
   * an endpoint was set explicitly (`endpoint` or `PREFLOW_TELEMETRY_ENDPOINT`: your own collector).
   */
  rpcUrl?: string;
  /** Environment to read `DO_NOT_TRACK` and `PREFLOW_TELEMETRY_ENDPOINT` from; default `process.env` when present. */
  env?: Record<string, string | undefined>;
  /** Directory to start the `package.json` search from; default `process.cwd()`. */
  cwd?: string;
  /** Send as soon as this many events are queued (default 500). */
  batchSize?: number;
  /** Send queued events at most this long after they were queued, in ms (default 10,000). */
  flushIntervalMs?: number;
  /** Queue bound; the oldest events are dropped beyond it (default 1,000). */
  maxQueue?: number;
  /** Retries per batch on 429, 5xx, network errors and timeouts (default 3; 0 in a browser). */
  maxRetries?: number;
  /** Base backoff between retries in ms, doubled per attempt, full jitter (default 500). */
  retryDelayMs?: number;
  /** Cap of one backoff delay in ms (default 10,000). */
  maxRetryDelayMs?: number;
  /** Abort one request after this many ms (default 5,000). */
  requestTimeoutMs?: number;
  /** `fetch` implementation; default the global `fetch`. */
  fetch?: TelemetryFetch;
}

/**
 * Read-only counters of a telemetry instance, for tests and diagnostics.
 *
 * @example
 * ```ts
 * import { createTelemetry, type TelemetryStats } from "@preflow/telemetry";
 * const stats: TelemetryStats = createTelemetry({ sdkVersion: "1.0.0" }).stats();
 * ```
 */
export interface TelemetryStats {
  /** Events waiting to be sent (never more than `maxQueue`). */
  queued: number;
  /** Events dropped because the queue was full (oldest first). */
  dropped: number;
  /** Events the endpoint accepted (2xx). */
  sent: number;
  /** Batches given up after their retries or a non-retryable status; their events are discarded. */
  failedBatches: number;
}

/**
 * A telemetry instance, made by {@link createTelemetry}.
 *
 * @example
 * ```ts
 * import { createTelemetry, type Telemetry } from "@preflow/telemetry";
 * const telemetry: Telemetry = createTelemetry({ sdkVersion: "1.0.0" });
 * const balance = await telemetry.track("token.getBalance", owner, () => readBalance(owner));
 * ```
 */
export interface Telemetry {
  /**
   * `false` when turned off by the `enabled` option, `DO_NOT_TRACK` or a local `rpcUrl`: nothing is ever
   * built or sent.
   */
  readonly enabled: boolean;
  /**
   * Runs `run()` and returns (or rethrows) exactly what it did, after queueing one event. Never waits
   * for telemetry and never throws because of it.
   */
  track<T>(operation: string, walletAddress: string | undefined, run: () => Promise<T>): Promise<T>;
  /** Sends what is queued, waiting at most `timeoutMs` (default 3,000). Never rejects. */
  flush(options?: FlushTelemetryOptions): Promise<void>;
  /** Read-only counters (a fresh snapshot on each call). */
  stats(): TelemetryStats;
}

type Env = Record<string, string | undefined>;

const OFF_VALUES = new Set(["", "0", "false", "no", "off"]);

function processEnv(): Env {
  try {
    const env = (globalThis as { process?: { env?: Env } }).process?.env;
    return env ?? {};
  } catch {
    return {};
  }
}

/** `true` when `DO_NOT_TRACK` is set to anything but empty, `0`, `false`, `no` or `off`. */
function doNotTrack(env: Env): boolean {
  const value = env[DO_NOT_TRACK_ENV];
  return typeof value === "string" && !OFF_VALUES.has(value.trim().toLowerCase());
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function integer(value: unknown, fallback: number, min: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= min ? value : fallback;
}

function number(value: unknown, fallback: number, min: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= min ? value : fallback;
}

/**
 * `fetch` refuses URLs with credentials; a self-hosted endpoint like `https://user:pass@host/path` is sent
 * to `https://host/path` with the credentials as HTTP Basic authorization instead.
 */
function splitCredentials(endpoint: string): { endpoint: string; headers: Record<string, string> } {
  try {
    const url = new URL(endpoint);
    if (url.username === "" && url.password === "") return { endpoint, headers: {} };
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    url.username = "";
    url.password = "";
    const bytes = new TextEncoder().encode(`${user}:${password}`);
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { endpoint: url.toString(), headers: { authorization: `Basic ${btoa(binary)}` } };
  } catch {
    return { endpoint, headers: {} };
  }
}

function safeOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).host || "the telemetry endpoint";
  } catch {
    return "the telemetry endpoint";
  }
}

const monotonicNow: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function"
    ? () => performance.now()
    : () => Date.now();

type Timer = ReturnType<typeof setTimeout>;

/** A page (or anything with `window` and `document`): failures stay silent there, see {@link createTelemetry}. */
function inBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== "undefined" && typeof scope.document !== "undefined";
}

function unref(timer: Timer): Timer {
  (timer as unknown as { unref?: () => void }).unref?.();
  return timer;
}

class DisabledTelemetry implements Telemetry {
  readonly enabled = false;
  async track<T>(_operation: string, _walletAddress: string | undefined, run: () => Promise<T>): Promise<T> {
    return await run();
  }
  async flush(): Promise<void> {}
  stats(): TelemetryStats {
    return { queued: 0, dropped: 0, sent: 0, failedBatches: 0 };
  }
}

class ActiveTelemetry implements Telemetry {
  readonly enabled = true;
  readonly #sdkVersion: string;
  readonly #walletAddress: string | undefined;
  readonly #endpoint: string;
  readonly #headers: Record<string, string>;
  readonly #apiKey: string;
  readonly #fetch: TelemetryFetch | undefined;
  readonly #batchSize: number;
  readonly #flushIntervalMs: number;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #maxRetryDelayMs: number;
  readonly #requestTimeoutMs: number;
  readonly #queue: BoundedQueue<TelemetryEvent>;
  #deviceId: string | undefined;
  #deviceIdPending: Promise<string> | undefined;
  #timer: Timer | undefined;
  #sending: Promise<void> | undefined;
  /** After a failed batch, automatic sends wait until then (ms since epoch), so a down endpoint is not hammered. */
  #pausedUntil = 0;
  #warned = false;
  /** In a browser: after the first failed batch nothing is sent again (one failed request, no storm). */
  readonly #browser: boolean;
  #silenced = false;
  /** Events recorded so far, and that count when the last `beforeExit` flush started. */
  #recorded = 0;
  #recordedAtExitFlush = -1;
  #dropped = 0;
  #sent = 0;
  #failedBatches = 0;

  constructor(options: TelemetryOptions, env: Env) {
    this.#sdkVersion = options.sdkVersion;
    this.#walletAddress = options.walletAddress;
    const { endpoint, headers } = splitCredentials(
      nonEmpty(options.endpoint) ?? nonEmpty(env[TELEMETRY_ENDPOINT_ENV]) ?? DEFAULT_TELEMETRY_ENDPOINT,
    );
    this.#endpoint = endpoint;
    this.#headers = headers;
    this.#apiKey = nonEmpty(options.apiKey) ?? DEFAULT_TELEMETRY_API_KEY;
    this.#fetch = typeof options.fetch === "function" ? options.fetch : undefined;
    const d = TELEMETRY_DEFAULTS;
    this.#batchSize = integer(options.batchSize, d.batchSize, 1);
    this.#flushIntervalMs = number(options.flushIntervalMs, d.flushIntervalMs, 0);
    this.#browser = inBrowser();
    this.#maxRetries = integer(options.maxRetries, this.#browser ? 0 : d.maxRetries, 0);
    this.#retryDelayMs = number(options.retryDelayMs, d.retryDelayMs, 0);
    this.#maxRetryDelayMs = number(options.maxRetryDelayMs, d.maxRetryDelayMs, 0);
    this.#requestTimeoutMs = number(options.requestTimeoutMs, d.requestTimeoutMs, 1);
    this.#queue = new BoundedQueue(integer(options.maxQueue, d.maxQueue, 1));
    const given = nonEmpty(options.deviceId);
    const detected = given ?? detectDeviceId(options.cwd);
    if (typeof detected === "string") {
      this.#deviceId = detected;
    } else {
      this.#deviceIdPending = detected.then((id) => {
        this.#deviceId = id;
        this.#deviceIdPending = undefined;
        return id;
      });
    }
    if (!this.#browser) registerExitFlush();
  }

  async track<T>(operation: string, walletAddress: string | undefined, run: () => Promise<T>): Promise<T> {
    const time = Date.now();
    const start = monotonicNow();
    let result: T;
    try {
      result = await run();
    } catch (error) {
      this.#record(operation, walletAddress, time, start, true, error);
      throw error;
    }
    this.#record(operation, walletAddress, time, start, false, undefined);
    return result;
  }

  flush(options?: FlushTelemetryOptions): Promise<void> {
    const timeoutMs = number(options?.timeoutMs, TELEMETRY_DEFAULTS.flushTimeoutMs, 0);
    this.#clearTimer();
    const work = (async () => {
      // Wait for the batch in flight, then send the rest even if automatic sends are paused.
      if (this.#sending) await this.#sending;
      this.#pausedUntil = 0;
      await this.#pump("all");
    })().catch(() => {});
    // The cap timer is not unref'd: `await flush()` at the end of a script must settle, not be cut short.
    let cap: Timer | undefined;
    const timeout = new Promise<void>((resolve) => {
      cap = setTimeout(resolve, timeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(cap));
  }

  /**
   * The `beforeExit` flush (Node): sends what is queued once per new batch of events, without retries and
   * with each request cut at `TELEMETRY_DEFAULTS.exitFlushTimeoutMs`, so a script's last reads arrive and its exit is
   * delayed by at most that bound. A batch waiting for a retry is not waited for. Never rejects.
   * @internal
   */
  flushBeforeExit(): Promise<void> {
    if (this.#recorded === this.#recordedAtExitFlush || this.#queue.length === 0) return Promise.resolve();
    this.#recordedAtExitFlush = this.#recorded;
    this.#clearTimer();
    this.#pausedUntil = 0;
    let cap: Timer | undefined;
    const timeout = new Promise<void>((resolve) => {
      cap = setTimeout(resolve, TELEMETRY_DEFAULTS.exitFlushTimeoutMs);
    });
    const work = this.#drain("all", true)
      .catch(() => {})
      .finally(() => {
        if (this.#queue.length === 0 && this.#sending === undefined) liveInstances().delete(this);
      });
    return Promise.race([work, timeout]).finally(() => clearTimeout(cap));
  }

  stats(): TelemetryStats {
    return {
      queued: this.#queue.length,
      dropped: this.#dropped,
      sent: this.#sent,
      failedBatches: this.#failedBatches,
    };
  }

  #record(
    operation: string,
    walletAddress: string | undefined,
    time: number,
    start: number,
    failed: boolean,
    error: unknown,
  ): void {
    if (this.#silenced) return;
    try {
      const event = buildTelemetryEvent({
        operation,
        walletAddress,
        defaultWalletAddress: this.#walletAddress,
        sdkVersion: this.#sdkVersion,
        deviceId: this.#deviceId,
        durationMs: monotonicNow() - start,
        time,
        failed,
        error,
      });
      this.#dropped += this.#queue.push(event);
      this.#recorded++;
      liveInstances().add(this);
      if (this.#queue.length >= this.#batchSize && Date.now() >= this.#pausedUntil) void this.#pump("full");
      else this.#arm();
    } catch {
      // Telemetry never throws into user code.
    }
  }

  #arm(): void {
    if (this.#timer !== undefined || this.#sending !== undefined || this.#queue.length === 0) return;
    const delay = Math.max(this.#flushIntervalMs, this.#pausedUntil - Date.now());
    this.#timer = unref(
      setTimeout(() => {
        this.#timer = undefined;
        this.#pausedUntil = 0;
        void this.#pump("all");
      }, delay),
    );
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Starts draining unless a drain is already running; resolves when that drain ends. Never rejects.
   * `full` sends full batches only (the count trigger) and leaves a remainder to the timer; `all` empties
   * the queue (the timer and `flush`).
   */
  #pump(mode: "full" | "all"): Promise<void> {
    if (this.#sending) return this.#sending;
    this.#clearTimer();
    const sending = this.#drain(mode)
      .catch(() => {})
      .finally(() => {
        this.#sending = undefined;
        if (this.#queue.length > 0) this.#arm();
        else liveInstances().delete(this);
      });
    this.#sending = sending;
    return sending;
  }

  /** Sends batches; `atExit`: no retries and each request cut at `TELEMETRY_DEFAULTS.exitFlushTimeoutMs`. */
  async #drain(mode: "full" | "all", atExit = false): Promise<void> {
    while (!this.#silenced && this.#queue.length >= (mode === "full" ? this.#batchSize : 1)) {
      const batch = this.#queue.take(this.#batchSize);
      const deviceId = this.#deviceId ?? (await this.#deviceIdPending);
      for (const event of batch) event.device_id ??= deviceId;
      const fetchImpl =
        this.#fetch ?? (globalThis as { fetch?: TelemetryFetch }).fetch?.bind(globalThis) ?? undefined;
      const result = fetchImpl
        ? await sendBatch({
            fetch: fetchImpl,
            endpoint: this.#endpoint,
            apiKey: this.#apiKey,
            headers: this.#headers,
            events: batch,
            maxRetries: atExit ? 0 : this.#maxRetries,
            retryDelayMs: this.#retryDelayMs,
            maxRetryDelayMs: this.#maxRetryDelayMs,
            requestTimeoutMs: atExit
              ? Math.min(this.#requestTimeoutMs, TELEMETRY_DEFAULTS.exitFlushTimeoutMs)
              : this.#requestTimeoutMs,
          })
        : ({ ok: false, attempts: 0, reason: "no fetch available" } as const);
      if (result.ok) {
        this.#sent += batch.length;
        continue;
      }
      this.#failedBatches++;
      this.#pausedUntil = Date.now() + this.#flushIntervalMs;
      if (this.#browser) {
        // The browser already logged the failed request; more attempts would only add console errors.
        this.#silenced = true;
        this.#dropped += this.#queue.take(this.#queue.length).length;
        return;
      }
      this.#warnOnce(batch.length, result.reason);
      return;
    }
  }

  #warnOnce(events: number, reason: string): void {
    if (this.#warned) return;
    this.#warned = true;
    try {
      console.warn(
        `[@preflow/telemetry] could not send ${events} usage event(s) to ${safeOrigin(this.#endpoint)} ` +
          `(${reason}); later telemetry failures are silent. Telemetry never affects your calls; ` +
          "turn it off with analyticsEnabled: false or DO_NOT_TRACK=1.",
      );
    } catch {
      // A broken console must not matter either.
    }
  }
}

/**
 * Creates a telemetry instance. With `enabled: false`, `DO_NOT_TRACK` set in `env`, or an `rpcUrl` on a
 * loopback or private address (unless `endpoint` or `PREFLOW_TELEMETRY_ENDPOINT` names your own collector)
 * it is inert: `track` only runs the callback, no event is built, no timer is started and no request is made.
 *
 * Events are queued (at most `maxQueue`, oldest dropped first) and sent in batches of `batchSize` or after
 * `flushIntervalMs`, on unref'd timers, with bounded retries. A failing endpoint never throws into the
 * caller and logs at most one `console.warn` per instance in Node (never containing the API key). In a
 * browser a failure is silent: no retry, no warning, and nothing is sent again by that instance, so a
 * blocked or offline analytics host costs the page one failed request. In Node, pending events are sent on
 * `beforeExit` (bounded by `TELEMETRY_DEFAULTS.exitFlushTimeoutMs`), so short scripts need no `flushTelemetry()`.
 *
 * @example
 * ```ts
 * import { createTelemetry, flushTelemetry } from "@preflow/telemetry";
 *
 * const telemetry = createTelemetry({ sdkVersion: "1.0.0", enabled: options.analyticsEnabled });
 * const balance = await telemetry.track("token.getBalance", owner, () =>
 *   publicClient.readContract({ address: token, abi, functionName: "balanceOf", args: [owner] }),
 * );
 * await flushTelemetry(); // at the end of a short-lived script
 * ```
 */
export function createTelemetry(options: TelemetryOptions): Telemetry {
  const env = options.env ?? processEnv();
  if (options.enabled === false || doNotTrack(env)) return new DisabledTelemetry();
  const ownEndpoint = nonEmpty(options.endpoint) ?? nonEmpty(env[TELEMETRY_ENDPOINT_ENV]);
  if (ownEndpoint === undefined && typeof options.rpcUrl === "string" && isLocalRpcUrl(options.rpcUrl))
    return new DisabledTelemetry();
  return new ActiveTelemetry(options, env);
}
