import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../src/redactSecrets.js";
import { redactUrl } from "../src/redactUrl.js";

const keyChars = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.~+/=%".split(""),
);
const apiKey = fc.string({ unit: keyChars, minLength: 6, maxLength: 48 });
const hexKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`);

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
});

describe("redactSecrets", () => {
  it("replaces an endpoint URL by its redacted form wherever the text quotes it", () => {
    const url = "https://bob:pw@rpc.example/v1/rpc?apikey=top_secret_value";
    const out = redactSecrets(`failed: ${url} and ${new URL(url).toString()} (503)`, [url]);
    expect(out).toBe(
      "failed: https://***:***@rpc.example/v1/rpc?apikey=*** and https://***:***@rpc.example/v1/rpc?apikey=*** (503)",
    );
  });

  it('leaves the text after a URL as it was: the `):` of "(got URL): rule" is not part of the key (property)', () => {
    // What core's InvalidConfigError says of RPC_URL=ftp://u:pw@host/?apikey=X, redacted again by the tool server.
    const message = "Invalid option `rpcUrl` (got ftp://***:***@host/?apikey=***): must use http or https.";
    expect(redactSecrets(message)).toBe(message);
    // A known key in the query is one value, brackets of its `[redacted]` included.
    expect(redactSecrets("https://x.org/v2/rpc?apikey=k3y_value_1", ["k3y_value_1"])).toBe(
      "https://x.org/v2/rpc?apikey=***",
    );
    expect(redactSecrets("(https://x.org/rpc?apikey=k3y_value_1).", ["k3y_value_1"])).toBe(
      "(https://x.org/rpc?apikey=***).",
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_~-]{1,40}$/),
        fc.constantFrom("", ")", "):", ").", "),", ".", ",", ";", "!", "?"),
        fc.constantFrom(" ", "\n", '"', "'", "<"),
        fc.stringMatching(/^[a-z (),.:]{0,30}$/),
        fc.boolean(),
        (key, punctuation, separator, rest, last) => {
          const url = `ftp://host/rpc?chain=1&apikey=${key}`;
          const after = last ? punctuation : `${punctuation}${separator}${rest}`;
          const out = redactSecrets(`(got ${url}${after}`);
          expect(out).toBe(`(got ftp://host/rpc?chain=1&apikey=***${after}`);
          expect(redactSecrets(out)).toBe(out);
        },
      ),
    );
  });

  it("replaces a known endpoint given without its trailing slash once, not `host:port//` (property)", () => {
    expect(redactSecrets("to http://127.0.0.1:8545/ failed", ["http://127.0.0.1:8545"])).toBe(
      "to http://127.0.0.1:8545/ failed",
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 65_535 }),
        fc.constantFrom("", "/", "/rpc", "/v2/abcdefghij0123456789xyz"),
        fc.constantFrom("", "u:pw@"),
        fc.stringMatching(/^[a-z (]{0,20}$/),
        (port, path, credentials, around) => {
          const secret = `http://${credentials}127.0.0.1:${port}${path}`;
          const masked = redactUrl(secret);
          for (const quoted of [secret, new URL(secret).toString(), masked]) {
            const out = redactSecrets(`${around}${quoted} failed`, [secret]);
            expect(out).toBe(`${around}${masked} failed`);
            expect(redactSecrets(out, [secret])).toBe(out);
          }
        },
      ),
    );
  });

  it("never lets a known secret through, raw or URL-encoded, wherever it sits (property)", () => {
    fc.assert(
      fc.property(apiKey, fc.string(), fc.string(), (key, before, after) => {
        const url = `https://api.example/v2/42220/rpc?apikey=${encodeURIComponent(key)}`;
        const out = redactSecrets(`${before}${url}${after} raw=${key} body={"apikey":"${key}"}`, [key]);
        expect(out).not.toContain(key);
        expect(out).not.toContain(encodeURIComponent(key));
        expect(out).toContain("apikey=***");
      }),
      { numRuns: 300 },
    );
  });

  it("removes a hex key in any case, with or without 0x (property)", () => {
    fc.assert(
      fc.property(hexKey, fc.string(), fc.boolean(), fc.boolean(), (key, around, upper, bare) => {
        let spelled = bare ? key.slice(2) : key;
        if (upper) spelled = spelled.toUpperCase().replace(/^0X/, "0x");
        const out = redactSecrets(`${around}${spelled}${around}`, [key]);
        expect(out.toLowerCase()).not.toContain(key.slice(2));
      }),
    );
  });

  it("hides any apikey/key/token query value and bearer token even when the secret is not known", () => {
    fc.assert(
      fc.property(fc.constantFrom("apikey", "apiKey", "api_key", "key", "token"), apiKey, (name, value) => {
        fc.pre(!/[&\s"'<>\\]/.test(value));
        expect(redactSecrets(`POST http://127.0.0.1:1/rpc?${name}=${value}&x=1 failed`)).toBe(
          `POST http://127.0.0.1:1/rpc?${name}=***&x=1 failed`,
        );
      }),
    );
    expect(redactSecrets("Authorization: Bearer abc.def")).toBe("Authorization: Bearer ***");
    expect(redactSecrets("key=pk_live_secret.1&x", ["pk_live_secret.1"])).toBe("key=[redacted]&x");
    expect(redactSecrets("0xabc", [undefined, "ab"])).toBe("0xabc");
  });
});
