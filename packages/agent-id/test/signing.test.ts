import { inspect } from "node:util";
import { SdkError } from "@preflow/core";
import fc from "fast-check";
import { type Address, type Hex, keccak256, recoverMessageAddress, toBytes } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AGENT_ID_HEADERS,
  AgentIdUnavailableInBrowserError,
  canonicalizeAgentUrl,
  createAgentRequestVerifier,
  hashAgentRequestBody,
  MissingAgentIdKeyError,
  parseAgentRequestHeaders,
  signAgentRequest,
  verifyAgentRequest,
} from "../src/index.js";
import { createAgentClient } from "./support/client.js";

/**
 * An independent implementation of the signed-request scheme, written from the issue text only:
 * canonicalUrl = path + query; bodyHash = keccak256(UTF-8 body or ""); message = keccak256(UTF-8 of
 * timestamp + METHOD + canonicalUrl + bodyHash); signature = personal_sign over the raw 32 bytes.
 */
function referenceSigner(input: { timestamp: string; method: string; url: string; body?: string }): Hex {
  const url = input.url.startsWith("http") ? new URL(input.url) : undefined;
  const canonical = url ? url.pathname + url.search : input.url.startsWith("?") ? `/${input.url}` : input.url;
  const bodyHash = keccak256(toBytes(input.body ?? ""));
  return keccak256(toBytes(`${input.timestamp}${input.method.toUpperCase()}${canonical}${bodyHash}`));
}
async function referenceRecover(
  headers: Record<string, string>,
  request: { method: string; url: string; body?: string },
): Promise<Address> {
  const message = referenceSigner({ timestamp: headers["x-self-agent-timestamp"]!, ...request });
  return recoverMessageAddress({
    message: { raw: message },
    signature: headers["x-self-agent-signature"] as Hex,
  });
}

const KEY = generatePrivateKey();
const NOW = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const client = createAgentClient({ agentIdPrivateKey: KEY, analyticsEnabled: false });
const account = privateKeyToAccount(KEY);
const at = (ms: number) => () => ms;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("signRequest", () => {
  it("exposes the key's address and produces the three headers", async () => {
    expect(client.agentId.address).toBe(account.address);
    const headers = await client.agentId.signRequest({
      method: "get",
      url: "https://api.example.org/v1/x?a=1",
    });
    expect(Object.keys(headers).sort()).toEqual(Object.values(AGENT_ID_HEADERS).sort());
    expect(headers["x-self-agent-address"]).toBe(account.address);
    expect(headers["x-self-agent-timestamp"]).toMatch(/^\d{13}$/);
    expect(Math.abs(Number(headers["x-self-agent-timestamp"]) - Date.now())).toBeLessThan(5_000);
    expect(headers["x-self-agent-signature"]).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it("verifies with an independent implementation of the scheme (vectors)", async () => {
    const vectors = [
      { method: "GET", url: "https://api.example.org/v1/agents?limit=5" },
      { method: "post", url: "/v1/quote", body: JSON.stringify({ amount: "1.5", token: "USDm" }) },
      { method: "PUT", url: "?page=2", body: "" },
      { method: "DELETE", url: "http://127.0.0.1:8080/" },
      { method: "PATCH", url: "/unicode/ü", body: "héllo wörld ✓" },
    ];
    for (const [index, vector] of vectors.entries()) {
      const headers = await signAgentRequest(account, vector, { now: at(NOW + index) });
      expect(headers["x-self-agent-timestamp"]).toBe(String(NOW + index));
      expect(await referenceRecover({ ...headers }, vector)).toBe(account.address);
    }
    // Pinned constants of the scheme.
    expect(hashAgentRequestBody(undefined)).toBe(
      "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
    );
    expect(hashAgentRequestBody("")).toBe(hashAgentRequestBody(null));
    expect(hashAgentRequestBody("abc")).toBe(hashAgentRequestBody(new TextEncoder().encode("abc")));
  });

  it("tampering with method, path, query, body or timestamp breaks the signature", async () => {
    const request = {
      method: "POST",
      url: "https://api.example.org/v1/pay?to=alice",
      body: '{"amount":"1"}',
    };
    const headers = { ...(await signAgentRequest(account, request, { now: at(NOW) })) };
    const tampered: [string, Record<string, string>, { method: string; url: string; body?: string }][] = [
      ["method", headers, { ...request, method: "PUT" }],
      ["path", headers, { ...request, url: "https://api.example.org/v2/pay?to=alice" }],
      ["query", headers, { ...request, url: "https://api.example.org/v1/pay?to=mallory" }],
      ["body", headers, { ...request, body: '{"amount":"100"}' }],
      ["no body", headers, { method: request.method, url: request.url }],
      ["timestamp", { ...headers, "x-self-agent-timestamp": String(NOW + 1) }, request],
    ];
    for (const [what, sent, received] of tampered) {
      expect(await referenceRecover(sent, received), what).not.toBe(account.address);
      const verifier = createAgentRequestVerifier({ now: at(NOW) });
      const result = await verifier.verify({ ...received, headers: sent });
      expect(result, what).toEqual({ valid: false, address: account.address, reason: "signature-mismatch" });
    }
    // The host is not signed: the same request through a proxy still verifies.
    const viaProxy = await createAgentRequestVerifier({ now: at(NOW) }).verify({
      ...request,
      url: "http://10.0.0.7:3000/v1/pay?to=alice",
      headers,
    });
    expect(viaProxy).toEqual({ valid: true, address: account.address });
  });

  it("takes the key from AGENT_ID_PRIVATE_KEY when the option is absent", async () => {
    const envKey = generatePrivateKey();
    vi.stubEnv("AGENT_ID_PRIVATE_KEY", envKey);
    const fromEnv = createAgentClient({ analyticsEnabled: false });
    expect(fromEnv.agentId.address).toBe(privateKeyToAccount(envKey).address);
    const headers = await fromEnv.agentId.signRequest({ method: "GET", url: "/" });
    expect(await referenceRecover({ ...headers }, { method: "GET", url: "/" })).toBe(
      privateKeyToAccount(envKey).address,
    );
    expect(createAgentClient({ agentIdPrivateKey: KEY, analyticsEnabled: false }).agentId.address).toBe(
      account.address,
    );
  });

  it("without a key: address is undefined and signing throws MissingAgentIdKeyError", async () => {
    vi.stubEnv("AGENT_ID_PRIVATE_KEY", "");
    const keyless = createAgentClient({ analyticsEnabled: false });
    expect(keyless.agentId.address).toBeUndefined();
    const error = await keyless.agentId.signRequest({ method: "GET", url: "/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingAgentIdKeyError);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as MissingAgentIdKeyError).message).toMatch(/agentIdPrivateKey/);
    await expect(keyless.agentId.fetch("http://127.0.0.1:1/")).rejects.toBeInstanceOf(MissingAgentIdKeyError);
    await expect(keyless.agentId.startRegistration()).rejects.toBeInstanceOf(MissingAgentIdKeyError);
  });

  it("refuses to run outside Node, with a clear error at use (not at construction)", async () => {
    const browserClient = createAgentClient({ agentIdPrivateKey: KEY, analyticsEnabled: false });
    vi.stubGlobal("process", { env: {} }); // no process.versions.node, as in a browser bundle
    let pending: Promise<unknown>[];
    let addressError: unknown;
    try {
      pending = [
        browserClient.agentId.signRequest({ method: "GET", url: "/" }),
        browserClient.agentId.verifyAgentRequest({ method: "GET", url: "/", headers: {} }),
        browserClient.agentId.getAgentInfo(1n),
        browserClient.agentId.isVerifiedAgent(account.address),
      ];
      try {
        void browserClient.agentId.address;
      } catch (error) {
        addressError = error;
      }
    } finally {
      vi.unstubAllGlobals();
    }
    expect(addressError).toBeInstanceOf(AgentIdUnavailableInBrowserError);
    for (const promise of pending) {
      const error = await promise.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AgentIdUnavailableInBrowserError);
      expect((error as Error).message).toMatch(/Node only/);
    }
  });

  it("never shows the key: client, errors, headers, inspect, JSON", async () => {
    const keyHex = KEY.slice(2);
    const headers = await client.agentId.signRequest({ method: "GET", url: "/" });
    const errors = await Promise.all([
      client.agentId.signRequest({ method: "NOT A METHOD", url: "/" }).catch((e: unknown) => e),
      client.agentId.signRequest({ method: "GET", url: "" }).catch((e: unknown) => e),
      client.agentId
        .fetch("http://127.0.0.1:1/", { method: "POST", body: new Blob(["x"]) })
        .catch((e: unknown) => e),
      client.agentId.getAgentInfo(-1).catch((e: unknown) => e),
    ]);
    for (const error of errors) expect(error).toBeInstanceOf(SdkError);
    const printed = [
      JSON.stringify(client),
      inspect(client, { depth: 10, showHidden: true }),
      JSON.stringify(headers),
      ...errors.map((e) => `${JSON.stringify(e)} ${inspect(e, { depth: 10 })} ${String(e)}`),
    ].join("\n");
    expect(printed).not.toContain(keyHex);
    expect(printed.toLowerCase()).not.toContain(keyHex.toLowerCase());
    expect(printed).toContain(account.address); // the address is public and shown
  });
});

describe("verifyAgentRequest", () => {
  const request = { method: "POST", url: "/v1/orders", body: '{"id":7}' };

  it("accepts |now - timestamp| <= 5 minutes and rejects older or newer as stale", async () => {
    const headers = await signAgentRequest(account, request, { now: at(NOW) });
    const check = (now: number) =>
      createAgentRequestVerifier({ now: at(now) }).verify({ ...request, headers });
    expect((await check(NOW + 300_000)).valid).toBe(true);
    expect((await check(NOW - 300_000)).valid).toBe(true);
    expect(await check(NOW + 300_001)).toEqual({ valid: false, address: account.address, reason: "stale" });
    expect(await check(NOW - 300_001)).toEqual({ valid: false, address: account.address, reason: "stale" });
    expect(
      (
        await createAgentRequestVerifier({ now: at(NOW + 61_000), maxAgeMs: 60_000 }).verify({
          ...request,
          headers,
        })
      ).reason,
    ).toBe("stale");
  });

  it("rejects a replay within the same verifier, not across verifiers; the cache is bounded", async () => {
    const headers = await signAgentRequest(account, request, { now: at(NOW) });
    const verifier = createAgentRequestVerifier({ now: at(NOW + 1000) });
    expect(await verifier.verify({ ...request, headers })).toEqual({ valid: true, address: account.address });
    expect(await verifier.verify({ ...request, headers })).toEqual({
      valid: false,
      address: account.address,
      reason: "replayed",
    });
    // Upper-case hex in the signature header is the same request, still a replay.
    const upper = {
      ...headers,
      "x-self-agent-signature": `0x${headers["x-self-agent-signature"].slice(2).toUpperCase()}`,
    };
    expect((await verifier.verify({ ...request, headers: upper })).reason).toBe("replayed");
    expect((await createAgentRequestVerifier({ now: at(NOW) }).verify({ ...request, headers })).valid).toBe(
      true,
    );

    const small = createAgentRequestVerifier({ now: at(NOW), replayCacheSize: 2 });
    const signed = await Promise.all(
      [1, 2, 3].map((n) => signAgentRequest(account, { ...request, body: String(n) }, { now: at(NOW) })),
    );
    for (const [n, h] of signed.entries())
      expect((await small.verify({ ...request, body: String(n + 1), headers: h })).valid).toBe(true);
    expect((await small.verify({ ...request, body: "3", headers: signed[2]! })).reason).toBe("replayed");
    // The oldest entry was evicted by the bound (documented trade-off of a bounded cache).
    expect((await small.verify({ ...request, body: "1", headers: signed[0]! })).valid).toBe(true);
  });

  it("the client verifier keeps one replay cache; the standalone function one process-wide cache", async () => {
    const headers = await client.agentId.signRequest(request);
    expect((await client.agentId.verifyAgentRequest({ ...request, headers })).valid).toBe(true);
    expect((await client.agentId.verifyAgentRequest({ ...request, headers })).reason).toBe("replayed");
    expect((await verifyAgentRequest({ ...request, headers })).valid).toBe(true);
    expect((await verifyAgentRequest({ ...request, headers })).reason).toBe("replayed");
  });

  it("reports header problems and never throws for bad input", async () => {
    const headers = await signAgentRequest(account, request, { now: at(NOW) });
    const verifier = createAgentRequestVerifier({ now: at(NOW) });
    const cases: [unknown, string][] = [
      [{}, "missing-headers"],
      [{ ...headers, "x-self-agent-address": "0x1234" }, "invalid-address"],
      [{ ...headers, "x-self-agent-signature": "0xzz" }, "invalid-signature"],
      [{ ...headers, "x-self-agent-timestamp": "2026-01-01T00:00:00Z" }, "invalid-timestamp"],
      [{ ...headers, "x-self-agent-timestamp": "-1" }, "invalid-timestamp"],
      [{ ...headers, "x-self-agent-signature": `0x${"00".repeat(65)}` }, "invalid-signature"],
    ];
    for (const [input, reason] of cases) {
      const result = await verifier.verify({ ...request, headers: input as Record<string, string> });
      expect(result.valid).toBe(false);
      expect(result.reason, reason).toBe(reason);
    }
    expect((await verifier.verify({ method: 5, url: "/", headers } as never)).reason).toBe("invalid-request");
    // Another key's signature under the claimed address.
    const other = await signAgentRequest(privateKeyToAccount(generatePrivateKey()), request, {
      now: at(NOW),
    });
    expect(
      (await verifier.verify({ ...request, headers: { ...other, "x-self-agent-address": account.address } }))
        .reason,
    ).toBe("signature-mismatch");
  });

  it("fails closed on the on-chain check", async () => {
    const headers = await signAgentRequest(account, request, { now: at(NOW) });
    const no = createAgentRequestVerifier({ now: at(NOW), isVerifiedAgent: async () => false });
    expect((await no.verify({ ...request, headers })).reason).toBe("not-verified-agent");
    const broken = createAgentRequestVerifier({
      now: at(NOW),
      isVerifiedAgent: async () => {
        throw new Error("rpc down");
      },
    });
    expect((await broken.verify({ ...request, headers })).reason).toBe("registry-unavailable");
    const seen: Address[] = [];
    const yes = createAgentRequestVerifier({
      now: at(NOW),
      isVerifiedAgent: async (address) => {
        seen.push(address);
        return true;
      },
    });
    expect(await yes.verify({ ...request, headers })).toEqual({ valid: true, address: account.address });
    expect(seen).toEqual([account.address]);
  });

  it("does not use up the signed request when the on-chain check fails or says no; an accepted one is used up", async () => {
    const headers = await signAgentRequest(account, request, { now: at(NOW) });
    const answers: (boolean | Error)[] = [new Error("rpc down"), false, new Error("rpc down again"), true];
    const verifier = createAgentRequestVerifier({
      now: at(NOW),
      isVerifiedAgent: async () => {
        const answer = answers.shift();
        if (answer === undefined) throw new Error("asked once too often");
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    const again = () => verifier.verify({ ...request, headers });
    expect((await again()).reason).toBe("registry-unavailable");
    expect((await again()).reason).toBe("not-verified-agent");
    expect((await again()).reason).toBe("registry-unavailable");
    expect(await again()).toEqual({ valid: true, address: account.address });
    expect(answers).toEqual([]);
    // Accepted once: now it is a replay, without asking the registry.
    expect(await again()).toEqual({ valid: false, address: account.address, reason: "replayed" });
  });

  it("holds the request while the on-chain check runs: a concurrent copy is replayed, a later retry is not", async () => {
    const headers = await signAgentRequest(account, request, { now: at(NOW) });
    let fail!: (error: Error) => void;
    let calls = 0;
    const verifier = createAgentRequestVerifier({
      now: at(NOW),
      isVerifiedAgent: (): Promise<boolean> => {
        calls += 1;
        if (calls === 1) return new Promise((_, reject) => (fail = reject));
        return Promise.resolve(true);
      },
    });
    const first = verifier.verify({ ...request, headers });
    const copy = await verifier.verify({ ...request, headers });
    expect(copy.reason).toBe("replayed");
    fail(new Error("rpc down"));
    expect((await first).reason).toBe("registry-unavailable");
    expect(await verifier.verify({ ...request, headers })).toEqual({ valid: true, address: account.address });
    expect(calls).toBe(2);
  });
});

describe("canonicalizeAgentUrl (properties)", () => {
  const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/).filter((s) => s !== "." && s !== "..");
  const path = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join("/")}`);
  const query = fc.option(
    fc
      .array(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9]{0,8}$/)), {
        minLength: 1,
        maxLength: 4,
      })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
    { nil: "" },
  );
  const origin = fc.constantFrom(
    "https://api.example.org",
    "http://127.0.0.1:8080",
    "HTTPS://A.B.C:443",
    "http://[::1]:3000",
  );

  it("absolute URLs reduce to path + query, whatever the origin and fragment", () => {
    fc.assert(
      fc.property(origin, path, query, fc.stringMatching(/^[a-z]{0,5}$/), (o, p, q, fragment) => {
        const expected = p + q;
        expect(canonicalizeAgentUrl(o + p + q)).toBe(expected);
        expect(canonicalizeAgentUrl(`${o}${p}${q}#${fragment}`)).toBe(expected);
        expect(canonicalizeAgentUrl(p + q)).toBe(expected);
      }),
    );
  });

  it("is idempotent and always starts with / for non-empty input; ?x becomes /?x", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (raw) => {
        const once = canonicalizeAgentUrl(raw);
        expect(once.startsWith("/")).toBe(true);
        expect(once).not.toContain("#");
        expect(canonicalizeAgentUrl(once)).toBe(once);
        if (raw.startsWith("?")) expect(canonicalizeAgentUrl(raw)).toBe(`/${raw.split("#")[0]}`);
      }),
    );
    expect(canonicalizeAgentUrl("?x")).toBe("/?x");
    expect(canonicalizeAgentUrl("https://api.example.org")).toBe("/");
    expect(canonicalizeAgentUrl("api/data?x=1")).toBe("/api/data?x=1");
  });

  it("signatures verify for any method, path, query and body (property)", async () => {
    const verifier = createAgentRequestVerifier({ now: at(NOW) });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "post", "Put", "DELETE"),
        origin,
        path,
        query,
        fc.option(fc.string({ maxLength: 50, unit: "grapheme" }), { nil: undefined }),
        fc.nat({ max: 300_000 }),
        async (method, o, p, q, body, skew) => {
          const headers = await signAgentRequest(
            account,
            { method, url: o + p + q, body },
            { now: at(NOW - skew) },
          );
          expect(await referenceRecover({ ...headers }, { method, url: p + q, body })).toBe(account.address);
          const result = await verifier.verify({ method: method.toUpperCase(), url: p + q, body, headers });
          expect(result.valid || result.reason === "replayed").toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("parseAgentRequestHeaders (properties)", () => {
  const hex = (bytes: number) =>
    fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString("hex")}`);
  const casing = (name: string) =>
    fc
      .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
      .map((flags) => [...name].map((c, i) => (flags[i] ? c.toUpperCase() : c)).join(""));

  it("reads valid headers in any name casing and any container (record, Headers, pairs, arrays)", () => {
    fc.assert(
      fc.property(
        hex(20),
        hex(65),
        fc.nat({ max: 2 ** 52 }),
        casing(AGENT_ID_HEADERS.address),
        casing(AGENT_ID_HEADERS.signature),
        casing(AGENT_ID_HEADERS.timestamp),
        (address, signature, timestamp, a, s, t) => {
          const record = { [a]: address, [s]: ` ${signature} `, [t]: String(timestamp), other: "x" };
          const expected = {
            ok: true,
            address: expect.stringMatching(new RegExp(`^${address}$`, "i")),
            signature,
            timestamp: String(timestamp),
          };
          expect(parseAgentRequestHeaders(record)).toEqual(expected);
          expect(parseAgentRequestHeaders(new Headers(record))).toEqual(expected);
          expect(parseAgentRequestHeaders(Object.entries(record))).toEqual(expected);
          expect(parseAgentRequestHeaders({ ...record, [a]: [address] })).toEqual(expected);
          // A repeated header is refused rather than guessed.
          expect(parseAgentRequestHeaders({ ...record, [a]: [address, address] }).ok).toBe(false);
        },
      ),
    );
  });

  it("never throws on arbitrary input and only accepts well-formed values", () => {
    const value = fc.oneof(
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.constant(undefined),
      fc.integer(),
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...Object.values(AGENT_ID_HEADERS), "x", "X-Self-Agent-Address"),
          value,
        ),
        (headers) => {
          const parsed = parseAgentRequestHeaders(headers as Record<string, string>);
          if (parsed.ok) {
            expect(parsed.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
            expect(parsed.signature).toMatch(/^0x[0-9a-fA-F]{130}$/);
            expect(parsed.timestamp).toMatch(/^\d+$/);
          } else {
            expect([
              "missing-headers",
              "invalid-address",
              "invalid-signature",
              "invalid-timestamp",
            ]).toContain(parsed.reason);
          }
        },
      ),
    );
    for (const junk of [null, undefined, 5, "x-self-agent-address", [], new Map()]) {
      expect(parseAgentRequestHeaders(junk as never)).toMatchObject({ ok: false, reason: "missing-headers" });
    }
  });
});
