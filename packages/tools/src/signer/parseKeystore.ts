// Web3 Secret Storage v3 (https://ethereum.org/developers/docs/data-structures-and-encoding/web3-secret-storage):
// the JSON Foundry's `cast wallet new`/`import` and geth write. Checked field by field before any key derivation, so a
// file that would make scrypt allocate gigabytes, or that ox would read past, is refused with the field's name.
import { readFileSync } from "node:fs";
import type { Keystore } from "ox";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { InvalidKeystoreError } from "../errors/signer.js";

/** A keystore preflow can decrypt, and the address it declares (geth writes one; Foundry does not). @internal */
export interface ParsedKeystore {
  readonly keystore: Keystore.Keystore;
  readonly address: `0x${string}` | undefined;
}

/** scrypt's memory is 128·n·r bytes: at most 1 GiB (geth's standard n = 2^18, r = 8 is 256 MiB). */
const MAX_SCRYPT_MEMORY = 2 ** 30;
const MAX_PBKDF2_ROUNDS = 10_000_000;

const hex = (value: unknown, bytes?: number): value is string =>
  typeof value === "string" &&
  /^[0-9a-fA-F]*$/.test(value) &&
  value.length % 2 === 0 &&
  value.length > 0 &&
  (bytes === undefined || value.length === bytes * 2);
const count = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/**
 * Reads a keystore's JSON text. Never throws anything but {@link InvalidKeystoreError} (naming the field), whatever
 * the bytes; never quotes the ciphertext or the MAC. @internal
 */
export function parseKeystore(text: string, file: string): ParsedKeystore {
  const fail = (field: string, rule: string): never => {
    throw new InvalidKeystoreError({ file, field, rule });
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("(file)", "is not JSON");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return fail("(file)", "is not a JSON object");
  const root = json as Record<string, unknown>;
  if (root.version !== 3) fail("version", "must be 3");
  const crypto = (root.crypto ?? root.Crypto) as Record<string, unknown> | undefined;
  if (typeof crypto !== "object" || crypto === null) return fail("crypto", "is missing");
  if (crypto.cipher !== "aes-128-ctr") fail("crypto.cipher", "must be aes-128-ctr");
  const iv = (crypto.cipherparams as { iv?: unknown } | undefined)?.iv;
  if (!hex(iv, 16)) fail("crypto.cipherparams.iv", "must be 16 bytes of hex");
  if (!hex(crypto.ciphertext, 32))
    fail("crypto.ciphertext", "must be 32 bytes of hex (an encrypted secp256k1 key)");
  if (!hex(crypto.mac, 32)) fail("crypto.mac", "must be 32 bytes of hex");
  const params = crypto.kdfparams as Record<string, unknown> | undefined;
  if (typeof params !== "object" || params === null) return fail("crypto.kdfparams", "is missing");
  if (params.dklen !== 32) fail("crypto.kdfparams.dklen", "must be 32");
  if (!hex(params.salt)) fail("crypto.kdfparams.salt", "must be hex");
  let kdfparams: Keystore.Keystore["crypto"]["kdfparams"];
  if (crypto.kdf === "scrypt") {
    const { n, r, p } = params;
    if (!count(n) || n < 2 || (n & (n - 1)) !== 0)
      return fail("crypto.kdfparams.n", "must be a power of 2 above 1");
    if (!count(r)) return fail("crypto.kdfparams.r", "must be a positive whole number");
    if (!count(p) || p > 16) return fail("crypto.kdfparams.p", "must be a whole number from 1 to 16");
    if (128 * n * r > MAX_SCRYPT_MEMORY)
      fail("crypto.kdfparams.n", "asks scrypt for more than 1 GiB (128·n·r bytes)");
    kdfparams = { dklen: 32, n, r, p, salt: params.salt as string };
  } else if (crypto.kdf === "pbkdf2") {
    if (params.prf !== "hmac-sha256") fail("crypto.kdfparams.prf", "must be hmac-sha256");
    const c = params.c;
    if (!count(c) || c > MAX_PBKDF2_ROUNDS)
      return fail("crypto.kdfparams.c", `must be a whole number from 1 to ${MAX_PBKDF2_ROUNDS}`);
    kdfparams = { c, dklen: 32, prf: "hmac-sha256", salt: params.salt as string };
  } else {
    return fail("crypto.kdf", "must be scrypt or pbkdf2");
  }
  let address: `0x${string}` | undefined;
  if (root.address !== undefined) {
    const given = typeof root.address === "string" ? root.address.replace(/^0x/i, "") : "";
    if (!hex(given, 20)) fail("address", "must be 20 bytes of hex when present");
    address = `0x${given.toLowerCase()}`;
  }
  const keystore = {
    crypto: {
      cipher: "aes-128-ctr",
      ciphertext: crypto.ciphertext as string,
      cipherparams: { iv: iv as string },
      kdf: crypto.kdf,
      kdfparams,
      mac: crypto.mac as string,
    },
    id: typeof root.id === "string" ? root.id : "",
    version: 3,
  } as Keystore.Keystore;
  return { keystore, address };
}

/** A keystore file, read and checked (no decryption). @internal */
export function readKeystoreFile(file: string, variable = "CHAIN_KEYSTORE"): ParsedKeystore {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new InvalidToolServerConfigError({
      variable,
      value: file,
      rule: "must name a readable keystore file",
    });
  }
  return parseKeystore(text, file);
}
