import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTelemetryEvent, INVALID_OPERATION, outcomeOf, sanitizeDeviceId } from "../src/index.js";

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: length, maxLength: length });
const address = hex(40).map((h) => `0x${h}`);
const privateKey = hex(64).map((h) => `0x${h}`);
const apiKey = hex(32);
const rpcUrl = fc.webUrl({ withQueryParameters: true });
const calldata = fc
  .string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 8, maxLength: 400 })
  .map((h) => `0x${h.length % 2 ? `${h}0` : h}`);
const amount = fc.bigInt({ min: 100_000n, max: 2n ** 256n - 1n }).map(String);
const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }));
const secret = fc.oneof(privateKey, apiKey, rpcUrl, calldata, amount);
const operation = fc.stringMatching(/^[a-z][a-zA-Z]{0,12}(\.[a-z][a-zA-Z]{0,12}){0,2}$/);

const DEVICE_ID = /^[a-z0-9]+(_[a-z0-9]+)*$/;

describe("sanitizeDeviceId (properties)", () => {
  it("gives the documented examples", () => {
    expect(sanitizeDeviceId("@acme/Pay-Bot")).toBe("acme_pay_bot");
    expect(sanitizeDeviceId("my.app v2")).toBe("my_app_v2");
    expect(sanitizeDeviceId("Café-Ünïcode")).toBe("cafe_unicode");
    expect(sanitizeDeviceId("@/")).toBe("sdk");
    expect(sanitizeDeviceId("")).toBe("sdk");
  });

  it("always returns lowercase words joined by single underscores, never throwing", () => {
    fc.assert(fc.property(anyText, (name) => DEVICE_ID.test(sanitizeDeviceId(name))));
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(anyText, (name) => sanitizeDeviceId(sanitizeDeviceId(name)) === sanitizeDeviceId(name)),
    );
  });

  it("ignores ASCII case and the kind and length of separators", () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/);
    const separator = fc.stringMatching(/^[@/\-_. ]{1,3}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), separator, separator, (words, a, b) => {
        const expected = words.map((w) => w.toLowerCase()).join("_");
        expect(sanitizeDeviceId(`${a}${words.join(b)}${a}`)).toBe(expected);
        expect(sanitizeDeviceId(words.join(a).toUpperCase())).toBe(expected);
      }),
    );
  });

  it("keeps every ASCII letter and digit of the name, in order", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const kept = name.toLowerCase().replace(/[^a-z0-9]/g, "");
        const result = sanitizeDeviceId(name);
        expect(kept === "" ? "sdk" : result.replaceAll("_", "")).toBe(kept === "" ? result : kept);
      }),
    );
  });
});

describe("buildTelemetryEvent (properties)", () => {
  const input = fc.record({
    operation: fc.oneof(operation, anyText, secret),
    walletAddress: fc.option(fc.oneof(address, anyText, secret), { nil: undefined }),
    defaultWalletAddress: fc.option(fc.oneof(address, anyText), { nil: undefined }),
    sdkVersion: fc.oneof(fc.constantFrom("1.0.0", "0.1.0-beta.2"), anyText),
    deviceId: fc.option(fc.stringMatching(DEVICE_ID), { nil: undefined }),
    durationMs: fc.oneof(fc.double(), fc.double({ min: 0, max: 1e6, noNaN: true })),
    time: fc.oneof(fc.integer({ min: 0, max: 2 ** 42 }), fc.double()),
    failed: fc.boolean(),
    error: fc.oneof(
      fc.constant(undefined),
      fc.record({
        code: fc.oneof(anyText, secret, fc.integer(), fc.constantFrom("INVALID_ADDRESS", "ECONNRESET")),
      }),
      anyText,
    ),
  });

  it("has a closed shape: only the documented keys, with well-formed values", () => {
    fc.assert(
      fc.property(input, (parameters) => {
        const event = buildTelemetryEvent(parameters);
        const keys = Object.keys(event);
        for (const key of keys) {
          expect(["event_type", "device_id", "user_id", "time", "insert_id", "event_properties"]).toContain(
            key,
          );
        }
        expect(Object.keys(event.event_properties).sort()).toEqual(["duration_ms", "outcome", "sdk_version"]);
        expect(Number.isFinite(event.time)).toBe(true);
        expect(Number.isFinite(event.event_properties.duration_ms)).toBe(true);
        expect(event.event_properties.duration_ms).toBeGreaterThanOrEqual(0);
        expect(event.event_type).toMatch(/^[A-Za-z][A-Za-z0-9_.]*$/);
        if (event.user_id !== undefined) expect(event.user_id).toMatch(/^0x[0-9a-f]{40}$/);
      }),
    );
  });

  it("user_id is the call's address lowercased, else the default address lowercased, else absent", () => {
    fc.assert(
      fc.property(
        fc.option(address, { nil: undefined }),
        fc.option(address, { nil: undefined }),
        (walletAddress, defaultWalletAddress) => {
          const event = buildTelemetryEvent({
            operation: "token.getBalance",
            walletAddress,
            defaultWalletAddress,
            sdkVersion: "1.0.0",
            durationMs: 1,
            time: 0,
          });
          expect(event.user_id).toBe((walletAddress ?? defaultWalletAddress)?.toLowerCase());
          expect("user_id" in event).toBe((walletAddress ?? defaultWalletAddress) !== undefined);
        },
      ),
    );
  });

  it("outcome is ok for a success, else a safe error code or `error`", () => {
    fc.assert(
      fc.property(input, (parameters) => {
        const event = buildTelemetryEvent(parameters);
        const failed = parameters.failed || parameters.error !== undefined;
        if (!failed) expect(event.event_properties.outcome).toBe("ok");
        else expect(event.event_properties.outcome).toBe(outcomeOf(parameters.error));
        expect(event.event_properties.outcome).toMatch(/^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/);
      }),
    );
  });

  it("keeps valid operation names verbatim and replaces anything else", () => {
    fc.assert(
      fc.property(operation, (name) => {
        const event = buildTelemetryEvent({ operation: name, sdkVersion: "1", durationMs: 0, time: 0 });
        expect(event.event_type).toBe(name);
      }),
    );
    for (const bad of ["", "0x1234", "https://rpc.example/key", "token getBalance", "a".repeat(300)]) {
      expect(
        buildTelemetryEvent({ operation: bad, sdkVersion: "1", durationMs: 0, time: 0 }).event_type,
      ).toBe(INVALID_OPERATION);
    }
  });

  it("never carries a private key, API key, RPC URL, calldata or amount, wherever it is passed in", () => {
    fc.assert(
      fc.property(
        secret,
        fc.constantFrom("operation", "walletAddress", "defaultWalletAddress", "sdkVersion", "code"),
        (value, where) => {
          const event = buildTelemetryEvent({
            operation: where === "operation" ? value : "token.getBalance",
            walletAddress: where === "walletAddress" ? value : undefined,
            defaultWalletAddress: where === "defaultWalletAddress" ? value : undefined,
            sdkVersion: where === "sdkVersion" ? value : "1.0.0",
            durationMs: 1,
            time: 0,
            failed: where === "code",
            error: where === "code" ? Object.assign(new Error(value), { code: value }) : undefined,
          });
          const json = JSON.stringify(event);
          expect(json).not.toContain(value);
          expect(json.toLowerCase()).not.toContain(value.toLowerCase());
        },
      ),
    );
  });
});
