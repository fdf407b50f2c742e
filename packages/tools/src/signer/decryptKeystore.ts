// Decrypts a keystore without holding the event loop: scrypt and pbkdf2 with noble's async derivations (they yield to
// the event loop every few milliseconds), then the MAC check and aes-128-ctr of ox's Keystore. The derivation is
// noble's own, not ox's Keystore.scryptAsync: ox 0.14.67 fixes scrypt's r = 1 and p = 8 whatever the file says, so
// it cannot open the keystores geth and Foundry write (r = 8, p = 1).
import { pbkdf2Async } from "@noble/hashes/pbkdf2";
import { scryptAsync } from "@noble/hashes/scrypt";
import { sha256 } from "@noble/hashes/sha2";
import { Keystore } from "ox";
import { InvalidKeystoreError, KeystorePasswordInvalidError } from "../errors/signer.js";
import type { ParsedKeystore } from "./parseKeystore.js";

const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** Where the password came from, for the refusal (never the password). @internal */
export interface DecryptKeystoreParameters {
  parsed: ParsedKeystore;
  password: string;
  file: string;
  /** `CHAIN_KEYSTORE_PASSWORD_FILE`, `the approval page`, `password`. */
  source: string;
}

/**
 * The private key inside a keystore. Throws {@link KeystorePasswordInvalidError} when the MAC does not match (a
 * wrong password), {@link InvalidKeystoreError} when what it holds is not a secp256k1 key. @internal
 */
export async function decryptKeystore(parameters: DecryptKeystoreParameters): Promise<`0x${string}`> {
  const { parsed, password, file, source } = parameters;
  const { crypto } = parsed.keystore;
  const params = crypto.kdfparams as { n?: number; r?: number; p?: number; c?: number; salt: string };
  const salt = Uint8Array.from(Buffer.from(params.salt, "hex"));
  // parseKeystore checked n, r, p (memory at most 1 GiB) and c.
  const derived =
    crypto.kdf === "scrypt"
      ? await scryptAsync(password, salt, {
          N: params.n as number,
          r: params.r as number,
          p: params.p as number,
          dkLen: 32,
          maxmem: 2 ** 30 + 2 ** 20,
        })
      : await pbkdf2Async(sha256, password, salt, { c: params.c as number, dkLen: 32 });
  const key = `0x${Buffer.from(derived).toString("hex")}` as const;
  let secret: `0x${string}`;
  try {
    secret = Keystore.decrypt(parsed.keystore, key);
  } catch {
    throw new KeystorePasswordInvalidError({ file, source });
  }
  const scalar = BigInt(secret);
  if (secret.length !== 66 || scalar === 0n || scalar >= SECP256K1_ORDER) {
    throw new InvalidKeystoreError({
      file,
      field: "crypto.ciphertext",
      rule: "does not hold a secp256k1 private key",
    });
  }
  return secret;
}
