// Decrypts a keystore without holding the event loop: scrypt and pbkdf2 through ox's async derivations (noble's,
// which yield to the event loop every few milliseconds), then the MAC check and aes-128-ctr of ox's Keystore.
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
  const iv = `0x${crypto.cipherparams.iv}` as const;
  const params = crypto.kdfparams as { n?: number; r?: number; p?: number; c?: number; salt: string };
  const salt = `0x${params.salt}` as const;
  const [key] =
    crypto.kdf === "scrypt"
      ? await Keystore.scryptAsync({ iv, password, salt, n: params.n!, r: params.r!, p: params.p! })
      : await Keystore.pbkdf2Async({ iv, password, salt, iterations: params.c! });
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
