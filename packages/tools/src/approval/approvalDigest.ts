// What an approval is bound to, and the short code a person types back. The digest is SHA-256 over a canonical
// list of everything that decides what gets signed (chain, signer, every step's to/data/value and fee currency, the
// flow's fee caps and expiry) plus what the question was asked under (the policy's version, the approval's id and its
// expiry): two questions never share a digest, so an answer to one never fits another. The code is the digest's
// first 40 bits in Crockford base32 (8 characters, shown as two groups of 4); parsing forgives case, spaces, dashes
// and the letters Crockford maps to digits (O → 0, I and L → 1).
import { createHash, timingSafeEqual } from "node:crypto";

/** The parts of a prepared flow that decide what is signed. @internal */
export interface ApprovalSubject {
  chainId: number;
  from: string;
  steps: readonly { to: string; data: string; value: string; feeCurrency?: string | undefined }[];
  fee?:
    | {
        feeCurrency: string;
        gas: string;
        maxFeePerGas: string;
        maxPriorityFeePerGas: string;
        max: string;
      }
    | undefined;
  expiresAt?: string | undefined;
}

/** What the question was asked under. @internal */
export interface ApprovalBinding {
  approvalId: string;
  /** The policy file's version (readPolicyFile's `version`). */
  policyVersion: string;
  /** Unix seconds after which the approval is void. */
  expiresAt: number;
}

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 8;
const DIGEST = /^0x[0-9a-f]{64}$/;

/** The approval digest: `0x` + 64 lowercase hex digits. @internal */
export function approvalDigest(flow: ApprovalSubject, binding: ApprovalBinding): `0x${string}` {
  const canonical = JSON.stringify([
    "preflow-approval-v1",
    flow.chainId,
    flow.from.toLowerCase(),
    flow.steps.map((step) => [
      step.to.toLowerCase(),
      step.data.toLowerCase(),
      step.value,
      step.feeCurrency?.toLowerCase() ?? null,
    ]),
    flow.fee === undefined
      ? null
      : [
          flow.fee.feeCurrency.toLowerCase(),
          flow.fee.gas,
          flow.fee.maxFeePerGas,
          flow.fee.maxPriorityFeePerGas,
          flow.fee.max,
        ],
    flow.expiresAt ?? null,
    binding.policyVersion,
    binding.approvalId,
    binding.expiresAt,
  ]);
  return `0x${createHash("sha256").update(canonical).digest("hex")}`;
}

/** The parts of an x402 payment that decide what is signed (the EIP-3009 authorization and what it pays for). @internal */
export interface X402ApprovalSubject {
  /** `eip155:42220`. */
  network: string;
  /** The token's address. */
  asset: string;
  /** Base units. */
  amount: bigint;
  payTo: string;
  /** The resource paid for (origin and path). */
  resource: string;
  /** The signer of the authorization. */
  signer: string;
  /** The authorization's nonce (0x + 64 hex). */
  nonce: string;
  /** The authorization's `validBefore`, unix seconds. */
  validBefore: number;
}

/** The approval digest of an x402 payment (`0x` + 64 lowercase hex digits); never equal to a flow's. @internal */
export function x402ApprovalDigest(payment: X402ApprovalSubject, binding: ApprovalBinding): `0x${string}` {
  const canonical = JSON.stringify([
    "preflow-x402-approval-v1",
    payment.network,
    payment.asset.toLowerCase(),
    payment.amount.toString(),
    payment.payTo.toLowerCase(),
    payment.resource,
    payment.signer.toLowerCase(),
    payment.nonce.toLowerCase(),
    payment.validBefore,
    binding.policyVersion,
    binding.approvalId,
    binding.expiresAt,
  ]);
  return `0x${createHash("sha256").update(canonical).digest("hex")}`;
}

/** A digest as stored or sent back (`0x` + 64 hex digits, any case), lowercase; `undefined` for anything else. @internal */
export function parseApprovalDigest(input: unknown): `0x${string}` | undefined {
  if (typeof input !== "string" || input.length !== 66) return undefined;
  const lower = input.toLowerCase();
  return DIGEST.test(lower) ? (lower as `0x${string}`) : undefined;
}

/** The code of a digest: its first 40 bits, 8 Crockford base32 characters (no separator). @internal */
export function approvalCode(digest: `0x${string}`): string {
  let bits = BigInt(`0x${digest.slice(2, 12)}`);
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index++) {
    code = (ALPHABET[Number(bits & 31n)] as string) + code;
    bits >>= 5n;
  }
  return code;
}

/** The code as shown to a person: `K7QM-4XPD`. @internal */
export function displayApprovalCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A code as a person typed it, in canonical form (8 characters of Crockford's alphabet), or `undefined` when it
 * cannot be one. Case, spaces and dashes are ignored; O reads as 0, I and L as 1. Never throws. @internal
 */
export function parseApprovalCode(input: unknown): string | undefined {
  if (typeof input !== "string" || input.length > 64) return undefined;
  const compact = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (compact.length !== CODE_LENGTH) return undefined;
  for (const character of compact) if (!ALPHABET.includes(character)) return undefined;
  return compact;
}

/** Whether a typed answer is the code (compared in constant time). @internal */
export function codeMatches(code: string, typed: unknown): boolean {
  const parsed = parseApprovalCode(typed);
  if (parsed === undefined) return false;
  return timingSafeEqual(Buffer.from(parsed), Buffer.from(code));
}
