// Decrypts a keystore without holding the event loop: scrypt and pbkdf2 run in node's thread pool (node:crypto's
// asynchronous scrypt and pbkdf2, native), then ox's Keystore checks the MAC and decrypts aes-128-ctr. Not ox's
// Keystore.scryptAsync: ox 0.14.67 fixes scrypt's r = 1 and p = 8 whatever the file says (so it cannot open the
// keystores geth and Foundry write, r = 8 and p = 1), and noble's async scrypt under it yields only to microtasks:
// a geth-strength keystore (n = 2^18) held the event loop for 4.7 s, timers and stdio included.
import { pbkdf2, scrypt } from "node:crypto";
import { Keystore, Secp256k1 } from "ox";
import { InvalidKeystoreError, KeystorePasswordInvalidError } from "../errors/signer.js";
import type { ParsedKeystore } from "./parseKeystore.js";

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
  const derived = await new Promise<Buffer>((resolve, reject) => {
    const done = (error: Error | null, key: Buffer) => (error ? reject(error) : resolve(key));
    if (crypto.kdf === "scrypt") {
      const options = {
        N: params.n as number,
        r: params.r as number,
        p: params.p as number,
        maxmem: 2 ** 30 + 2 ** 21,
      };
      scrypt(password, salt, 32, options, done);
    } else {
      pbkdf2(password, salt, params.c as number, 32, "sha256", done);
    }
  });
  const key = `0x${Buffer.from(derived).toString("hex")}` as const;
  let secret: `0x${string}`;
  try {
    secret = Keystore.decrypt(parsed.keystore, key);
  } catch {
    throw new KeystorePasswordInvalidError({ file, source });
  }
  const scalar = BigInt(secret);
  if (secret.length !== 66 || scalar === 0n || scalar >= Secp256k1.noble.CURVE.n) {
    throw new InvalidKeystoreError({
      file,
      field: "crypto.ciphertext",
      rule: "does not hold a secp256k1 private key",
    });
  }
  return secret;
}
