import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactUrl, redactUrlIn } from "./redactUrl.js";

describe("redactUrl", () => {
  it("redacts credentials, key-like query values and key-like path segments", () => {
    expect(redactUrl("https://user:pw@rpc.example/v2/abcdefghij0123456789xyz?apikey=s3cret&chain=1")).toBe(
      "https://***:***@rpc.example/v2/***?apikey=***&chain=1",
    );
    expect(redactUrl("https://forno.celo.org")).toBe("https://forno.celo.org/");
    expect(redactUrl("http://127.0.0.1:8545")).toBe("http://127.0.0.1:8545/");
    expect(redactUrl("https://celo-mainnet.infura.io/v3/0123456789abcdef0123456789abcdef")).toBe(
      "https://celo-mainnet.infura.io/v3/***",
    );
    expect(redactUrl("https://x.org/rpc?token=a&api_key=b&access_token=c")).toBe(
      "https://x.org/rpc?token=***&api_key=***&access_token=***",
    );
    expect(redactUrl("nonsense")).toBe("<invalid url>");
  });

  it("removes the secret from any text that quotes the URL", () => {
    const url = "https://rpc.example/v1/rpc?apikey=top_secret_value";
    expect(redactUrlIn(`failed: ${url} (503)`, url)).toBe(
      "failed: https://rpc.example/v1/rpc?apikey=*** (503)",
    );
  });

  it("never lets a generated apikey or password through (property)", () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{8,40}$/);
    fc.assert(
      fc.property(
        secret,
        secret,
        fc.constantFrom("apikey", "api_key", "key", "token"),
        (password, key, name) => {
          const url = `https://bob:${password}@api.example.org/v2/42220/rpc?${name}=${key}`;
          const out = redactUrl(url);
          expect(out).not.toContain(`:${password}@`);
          expect(out).not.toContain(`=${key}`);
          expect(redactUrlIn(`request to ${url} failed`, url)).not.toContain(`=${key}`);
        },
      ),
    );
  });
});
