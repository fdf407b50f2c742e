// The two WebAuthn ceremonies of preflow's loopback pages, verified with @simplewebauthn/server: enrolment (a
// registration with user verification, attestation "none": the person's own authenticator, no vendor check) and the
// approval assertion. An approval's challenge is SHA-256 over the approval's digest (the exact flow and what it was
// asked under), the tool, the signer, the approval id and a fresh nonce: the person's signature covers this one flow,
// and the page that issued the challenge takes it once. The counter the authenticator reports is kept (a clone that
// replays an older counter is refused). Parsing what a page posts never throws: garbage is "not verified".
import { createHash, randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { PagePasskey } from "../approvalPage.js";
import { type EnrolledPasskey, PASSKEY_RP_ID, readPasskey, writePasskey } from "./passkeyFile.js";

/** What an approval's passkey challenge binds. @internal */
export interface ApprovalChallengeBinding {
  /** The approval digest (approvalDigest.ts). */
  digest: `0x${string}`;
  /** The tool that asked (`execute_prepared_flow`, `send_token`, `x402_fetch`...). */
  tool: string;
  /** The signer's address. */
  signer: string;
  approvalId: string;
}

/** A fresh challenge bound to one approval (base64url of 32 bytes). @internal */
export function approvalChallenge(binding: ApprovalChallengeBinding): string {
  const nonce = randomBytes(16).toString("base64url");
  return createHash("sha256")
    .update(
      JSON.stringify([
        "preflow-passkey-approval-v1",
        binding.digest,
        binding.tool,
        binding.signer.toLowerCase(),
        binding.approvalId,
        nonce,
      ]),
    )
    .digest("base64url");
}

/** What a page's script needs to ask the authenticator for an assertion. @internal */
export interface AssertionRequest {
  challenge: string;
  rpId: string;
  credentialId: string;
}

const MAX_POSTED = 12_000;

/** Parses a posted credential's JSON; `undefined` for anything that is not an object (never throws). */
function parsePosted<T>(text: unknown): T | undefined {
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_POSTED) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies an approval assertion posted by the page at `origin` for `challenge` with the enrolled `passkey`
 * (user verification required); on success the new counter is written to the state directory. Resolves `false` for
 * anything else (a wrong credential, challenge, origin, signature, an older counter, garbage). @internal
 */
export async function verifyApprovalAssertion(parameters: {
  stateDir: string;
  passkey: EnrolledPasskey;
  posted: unknown;
  challenge: string;
  origin: string;
}): Promise<boolean> {
  const { stateDir, passkey, challenge, origin } = parameters;
  const response = parsePosted<AuthenticationResponseJSON>(parameters.posted);
  if (!response || response.id !== passkey.id) return false;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: PASSKEY_RP_ID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, "base64url"),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    if (!verified || !authenticationInfo.userVerified) return false;
    writePasskey(stateDir, { ...passkey, counter: authenticationInfo.newCounter });
    return true;
  } catch {
    return false;
  }
}

/**
 * Registration options for the enrolment page (a resident key, user verification required). An enrolled credential
 * is not excluded: `--replace` may enrol the same authenticator again (a new credential). @internal
 */
export function enrolOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: "preflow-tools",
    rpID: PASSKEY_RP_ID,
    userName: "preflow-tools",
    userDisplayName: "preflow tool server approvals",
    attestationType: "none",
    authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
    timeout: 120_000,
  });
}

/**
 * Verifies the enrolment page's registration response and returns the passkey to keep (public side only), or
 * `undefined` when it does not verify (never throws on what is posted). @internal
 */
export async function verifyEnrolment(parameters: {
  posted: unknown;
  challenge: string;
  origin: string;
}): Promise<EnrolledPasskey | undefined> {
  const response = parsePosted<RegistrationResponseJSON>(parameters.posted);
  if (!response) return undefined;
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: parameters.challenge,
      expectedOrigin: parameters.origin,
      expectedRPID: PASSKEY_RP_ID,
      requireUserVerification: true,
    });
    if (!verified || !registrationInfo) return undefined;
    const { credential } = registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      enrolledAt: Date.now(),
    };
  } catch {
    return undefined;
  }
}

/**
 * The passkey an approval page asks for: the challenge bound to the approval's digest, id, tool and signer, checked
 * against the enrolled credential as the file holds it when the answer comes (the counter the last approval wrote).
 * @internal
 */
export function approvalPagePasskey(parameters: {
  stateDir: string;
  passkey: EnrolledPasskey;
  tool: string;
  signer: string;
}): (asked: { digest: `0x${string}`; approvalId: string }) => PagePasskey {
  const { stateDir, passkey, tool, signer } = parameters;
  return (asked) => {
    const challenge = approvalChallenge({ ...asked, tool, signer });
    return {
      credentialId: passkey.id,
      challenge,
      verify: async (posted, origin) => {
        const current = readPasskey(stateDir);
        if (!current || current.id !== passkey.id) return false;
        return verifyApprovalAssertion({ stateDir, passkey: current, posted, challenge, origin });
      },
    };
  };
}
