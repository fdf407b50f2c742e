import fc from "fast-check";
import { HttpRequestError, RpcRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { errorFacts } from "../src/internal/errorFacts.js";
import { redactSecrets } from "../src/internal/redact.js";

const keyChars = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.~+/=%".split(""),
);
const apiKey = fc.string({ unit: keyChars, minLength: 6, maxLength: 48 });

describe("redactSecrets", () => {
  it("never lets a known secret through, raw or URL-encoded, wherever it sits in the text", () => {
    fc.assert(
      fc.property(apiKey, fc.string(), fc.string(), (key, before, after) => {
        const url = `https://api.example/v2/42220/rpc?apikey=${encodeURIComponent(key)}`;
        const text = `${before}${url}${after} raw=${key} body={"apikey":"${key}"}`;
        const out = redactSecrets(text, [key]);
        expect(out).not.toContain(key);
        expect(out).not.toContain(encodeURIComponent(key));
        expect(out).toContain("apikey=***");
      }),
      { numRuns: 500 },
    );
  });

  it("hides any apikey/key/token query value even when the secret is not known", () => {
    fc.assert(
      fc.property(fc.constantFrom("apikey", "apiKey", "api_key", "key", "token"), apiKey, (name, value) => {
        fc.pre(!/[&\s"'<>\\]/.test(value));
        const out = redactSecrets(`POST http://127.0.0.1:1/rpc?${name}=${value}&x=1 failed`, []);
        expect(out).toBe(`POST http://127.0.0.1:1/rpc?${name}=***&x=1 failed`);
      }),
    );
  });
});

describe("errorFacts on real viem errors", () => {
  const key = "k3y_SECRET_0123456789";
  const url = `http://127.0.0.1:1/v2/42220/rpc?apikey=${key}`;

  it("reads a 401 JSON-RPC refusal (status and code) and scrubs the URL", () => {
    const error = new RpcRequestError({
      body: { method: "pimlico_getUserOperationGasPrice" },
      error: { code: -32001, message: "Unauthorized: invalid or missing apikey" },
      status: 401,
      url,
    });
    const facts = errorFacts(error, [key]);
    expect(facts).toMatchObject({ status: 401, rpcCode: -32001, unreachable: false });
    expect(facts.reason).toBe("Unauthorized: invalid or missing apikey");
    expect(JSON.stringify(facts)).not.toContain(key);
  });

  it("treats a connection failure as unreachable, without the key", () => {
    const error = new HttpRequestError({
      url,
      body: { method: "x" },
      cause: new Error(`fetch failed for ${url}`),
    });
    const facts = errorFacts(error, [key]);
    expect(facts.unreachable).toBe(true);
    expect(facts.status).toBeUndefined();
    expect(JSON.stringify(facts)).not.toContain(key);
  });

  it("keeps the innermost Details of a relayed viem message and finds the revert data", () => {
    const relayed =
      "RPC Request failed. URL: http://127.0.0.1:2 Request body: {} Details: UserOperation reverted during simulation with reason: 0xdb42144d00 Version: viem@2.57.20";
    const error = new RpcRequestError({ body: {}, error: { code: -32521, message: relayed }, url });
    const facts = errorFacts(error, [key]);
    expect(facts.rpcCode).toBe(-32521);
    expect(facts.reason).toBe("UserOperation reverted during simulation with reason: 0xdb42144d00");
    expect(facts.revertData).toBe("0xdb42144d00");
  });
});
