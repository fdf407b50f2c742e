import { InvalidPrivateKeyError } from "../errors/signer.js";

/** The order of secp256k1: a private key is a number in [1, n). */
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * Checks `CHAIN_PRIVATE_KEY` without loading any cryptography (fast start): `0x` + 64 hex digits, a number
 * in [1, n) of secp256k1. Returns the key in lowercase. Throws {@link InvalidPrivateKeyError}, which never
 * holds the value. @internal
 */
export function parsePrivateKey(value: string, variable = "CHAIN_PRIVATE_KEY"): `0x${string}` {
  const fail = (rule: string): never => {
    throw new InvalidPrivateKeyError({ variable, length: value.length, rule });
  };
  if (!value.startsWith("0x")) fail("must start with 0x, followed by 64 hex digits");
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) fail("must be 0x followed by 64 hex digits");
  const scalar = BigInt(value);
  if (scalar === 0n || scalar >= SECP256K1_ORDER) {
    fail("is not a valid secp256k1 private key (zero or not below the curve order)");
  }
  return value.toLowerCase() as `0x${string}`;
}
