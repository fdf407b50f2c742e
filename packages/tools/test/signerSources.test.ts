// The signer's sources without a chain: keystore files (Foundry's cast, ox; refusals naming the field; garbage never
// throws anything but InvalidKeystoreError), password files (owner-only), loadSigner's options and module checks, and
// the approval page's password mode over HTTP (token, Origin and csrf checked; one answer; never echoed).
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { Keystore } from "ox";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { openPasswordPage } from "../src/approval/approvalPage.js";
import { InvalidToolServerConfigError } from "../src/errors/config.js";
import { InvalidKeystoreError, KeystorePasswordInvalidError } from "../src/errors/signer.js";
import { loadSigner } from "../src/signer/loadSigner.js";
import { parseKeystore, readKeystoreFile } from "../src/signer/parseKeystore.js";
import { readPasswordFile } from "../src/signer/readPasswordFile.js";
import { castKeystore } from "./helpers/castKeystore.js";

const dir = mkdtempSync(join(tmpdir(), "preflow-signer-sources-"));
const cast = castKeystore("cast password", dir);
const castJson = readKeystoreFile(cast.file);

describe("keystore files", () => {
  it("reads Foundry's cast wallet new keystore (scrypt n = 8192, r = 8, p = 1; no address)", () => {
    expect(castJson.keystore.crypto.kdf).toBe("scrypt");
    expect(castJson.keystore.crypto.kdfparams).toMatchObject({ n: 8192, r: 8, p: 1, dklen: 32 });
    expect(castJson.address).toBeUndefined();
  });

  /** A keystore's JSON, loose enough to break. */
  type KeystoreJson = {
    version: unknown;
    address?: unknown;
    crypto: {
      cipher: unknown;
      ciphertext: unknown;
      mac: unknown;
      kdf: unknown;
      cipherparams: { iv: unknown };
      kdfparams: Record<string, unknown>;
    };
  };
  const valid = JSON.parse(JSON.stringify(castJson.keystore)) as KeystoreJson;
  const cases: [string, (json: KeystoreJson) => void, string][] = [
    ["version", (json) => (json.version = 1), "version"],
    ["cipher", (json) => (json.crypto.cipher = "aes-256-gcm"), "crypto.cipher"],
    ["kdf", (json) => (json.crypto.kdf = "argon2"), "crypto.kdf"],
    ["dklen", (json) => (json.crypto.kdfparams.dklen = 64), "crypto.kdfparams.dklen"],
    ["n not a power of 2", (json) => (json.crypto.kdfparams.n = 1000), "crypto.kdfparams.n"],
    ["n asking for 4 GiB", (json) => (json.crypto.kdfparams.n = 2 ** 22), "crypto.kdfparams.n"],
    ["short mac", (json) => (json.crypto.mac = "abcd"), "crypto.mac"],
    [
      "long ciphertext",
      (json) => (json.crypto.ciphertext = `${json.crypto.ciphertext}00`),
      "crypto.ciphertext",
    ],
    ["iv", (json) => (json.crypto.cipherparams.iv = "zz"), "crypto.cipherparams.iv"],
    ["address", (json) => (json.address = "0x1234"), "address"],
  ];
  it.each(cases)(
    "refuses a bad %s, naming the field, never quoting the ciphertext or MAC",
    (_, change, field) => {
      const json = structuredClone(valid);
      change(json);
      let caught: unknown;
      try {
        parseKeystore(JSON.stringify(json), "k.json");
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidKeystoreError);
      expect((caught as InvalidKeystoreError).details.field).toBe(field);
      expect((caught as Error).message).not.toContain(valid.crypto.mac as string);
      expect((caught as Error).message).not.toContain(valid.crypto.ciphertext as string);
    },
  );

  it("never throws anything but InvalidKeystoreError on garbage, and never accepts a wrong length", () => {
    const mutated = fc.record({
      path: fc.constantFrom("iv", "ciphertext", "mac", "salt", "n", "r", "p", "dklen", "version", "kdf"),
      value: fc.oneof(
        fc.string(),
        fc.integer(),
        fc.constant(null),
        fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 80 }),
        fc.double(),
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          mutated.map((m) => m),
        ),
        (input) => {
          let text: string;
          if (typeof input === "string") text = input;
          else {
            const json = structuredClone(valid);
            const { path, value } = input as { path: string; value: unknown };
            if (path === "iv") json.crypto.cipherparams.iv = value;
            else if (path === "ciphertext" || path === "mac" || path === "kdf") json.crypto[path] = value;
            else if (path === "version") json.version = value;
            else json.crypto.kdfparams[path] = value;
            text = JSON.stringify(json);
          }
          try {
            const parsed = parseKeystore(text, "k.json");
            // Whatever was accepted has the exact lengths decryption needs.
            expect(parsed.keystore.crypto.ciphertext).toHaveLength(64);
            expect(parsed.keystore.crypto.mac).toHaveLength(64);
            expect(parsed.keystore.crypto.cipherparams.iv).toHaveLength(32);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidKeystoreError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("password files", () => {
  it("takes an owner-only file, less one trailing newline", () => {
    const file = join(dir, "pw");
    writeFileSync(file, "two words\n\n", { mode: 0o600 });
    expect(readPasswordFile(file)).toBe("two words\n");
    writeFileSync(file, "crlf\r\n");
    expect(readPasswordFile(file)).toBe("crlf");
  });

  it.each([0o640, 0o604, 0o620])(
    "refuses mode %o, naming the variable and the fix, not the password",
    (mode) => {
      const file = join(dir, `pw-${mode}`);
      writeFileSync(file, "hunter2");
      chmodSync(file, mode);
      expect(() => readPasswordFile(file)).toThrow(InvalidToolServerConfigError);
      expect(() => readPasswordFile(file)).toThrow(/CHAIN_KEYSTORE_PASSWORD_FILE.*chmod 600/);
      try {
        readPasswordFile(file);
      } catch (error) {
        expect(JSON.stringify(error) + (error as Error).message).not.toContain("hunter2");
      }
    },
  );
});

describe("loadSigner", () => {
  it("opens the cast keystore; a wrong password is KeystorePasswordInvalidError without the password", async () => {
    expect((await loadSigner({ keystore: cast.file, password: "cast password" })).address).toBe(cast.address);
    const refused = await loadSigner({ keystore: cast.file, password: "not it at all" }).catch(
      (error) => error,
    );
    expect(refused).toBeInstanceOf(KeystorePasswordInvalidError);
    expect(refused.code).toBe("KEYSTORE_PASSWORD_INVALID");
    expect(refused.message).not.toContain("not it at all");
  });

  it("refuses a keystore whose declared address is not its key's", async () => {
    const key = generatePrivateKey();
    const [derived, options] = await Keystore.pbkdf2Async({ password: "p", iterations: 1000 });
    const file = join(dir, "lying.json");
    writeFileSync(
      file,
      JSON.stringify({ ...Keystore.encrypt(key, derived, options), address: "11".repeat(20) }),
    );
    await expect(loadSigner({ keystore: file, password: "p" })).rejects.toThrow(
      /`address` is not the address/,
    );
    writeFileSync(
      file,
      JSON.stringify({
        ...Keystore.encrypt(key, derived, options),
        address: privateKeyToAccount(key).address,
      }),
    );
    expect((await loadSigner({ keystore: file, password: "p" })).address).toBe(
      privateKeyToAccount(key).address,
    );
  });

  it("refuses several sources, none, unknown options, and a keystore without exactly one password", async () => {
    const key = generatePrivateKey();
    await expect(loadSigner({ keystore: cast.file, privateKey: key } as never)).rejects.toThrow(
      /exactly one source/,
    );
    await expect(loadSigner({} as never)).rejects.toThrow(/exactly one source/);
    await expect(loadSigner({ privateKey: key, pasword: "x" } as never)).rejects.toThrow(
      /pasword.*not an option/,
    );
    await expect(loadSigner({ keystore: cast.file } as never)).rejects.toThrow(
      /exactly one of passwordFile or password/,
    );
  });

  it("refuses a signer module that does not give an account", async () => {
    const none = join(dir, "none.mjs");
    writeFileSync(none, "export const signer = 1;\n");
    await expect(loadSigner({ module: none })).rejects.toThrow(/must have a default export/);
    const partial = join(dir, "partial.mjs");
    writeFileSync(
      partial,
      `export default async () => ({ address: "0x${"ab".repeat(20)}", signMessage() {} });\n`,
    );
    await expect(loadSigner({ module: partial })).rejects.toThrow(/signTransaction/);
    const throwing = join(dir, "throwing.mjs");
    writeFileSync(throwing, "export default async () => { throw new Error('no credentials'); };\n");
    await expect(loadSigner({ module: throwing })).rejects.toThrow(
      /its default export threw \(Error: no credentials\)/,
    );
  });
});

describe("the approval page's password mode", () => {
  it("takes one password from its own origin with its csrf, and never shows it back", async () => {
    const page = await openPasswordPage({ keystore: cast.file, address: cast.address, tool: "send_token" });
    const post = (body: string, origin = new URL(page.url).origin) =>
      fetch(page.url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body,
      });
    try {
      const html = await (await fetch(page.url)).text();
      expect(html).toContain('type="password"');
      expect(html).toContain(cast.address);
      const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] as string;
      const answer = page.password(10_000, new AbortController().signal);
      const body = new URLSearchParams({ csrf, password: "typed secret", decision: "unlock" }).toString();
      expect((await post(body, "https://evil.example")).status).toBe(403);
      expect(
        (
          await post(
            new URLSearchParams({ csrf: "x".repeat(43), password: "p", decision: "unlock" }).toString(),
          )
        ).status,
      ).toBe(403);
      const accepted = await post(body);
      expect(accepted.status).toBe(200);
      expect(await accepted.text()).not.toContain("typed secret");
      expect(await answer).toEqual({ password: "typed secret" });
    } finally {
      await page.close();
    }
  });
});
