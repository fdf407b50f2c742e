import type { Address } from "viem";

/**
 * The stages a registration session reports. `qr-ready`: waiting for the human to scan; `proof-received`:
 * the Self app sent a proof; `pending`: the registration transaction is on its way; `completed`, `failed`
 * and `expired` are final.
 *
 * @example
 * ```ts
 * import type { AgentRegistrationStage } from "@preflow/agent-id";
 * const done = (stage: AgentRegistrationStage) => ["completed", "failed", "expired"].includes(stage);
 * ```
 */
export type AgentRegistrationStage =
  | "qr-ready"
  | "proof-received"
  | "pending"
  | "completed"
  | "failed"
  | "expired";

/** Every stage the service may report. @internal */
export const REGISTRATION_STAGES: readonly AgentRegistrationStage[] = [
  "qr-ready",
  "proof-received",
  "pending",
  "completed",
  "failed",
  "expired",
];

/**
 * A registration session from `client.agentId.startRegistration`. Show `deepLink` (or a QR code of
 * `qrData`) to the human, then `waitForRegistration(session)`. `sessionToken` is the latest (rotated)
 * bearer token: a non-enumerable property, so `JSON.stringify(session)` and `console.log(session)` do not
 * show it; read it explicitly if you must persist the session.
 *
 * @example
 * ```ts
 * const session: AgentRegistrationSession = await client.agentId.startRegistration({ humanAddress });
 * console.log(`Open ${session.deepLink} before ${session.expiresAt.toISOString()}`);
 * ```
 */
export interface AgentRegistrationSession {
  readonly sessionToken: string;
  /** The stage when the session was created (normally `qr-ready`). */
  readonly stage: AgentRegistrationStage;
  /** The Self app deep link. */
  readonly deepLink: string;
  /** What to encode in a QR code: the service's `qrData` when it sends one, else the deep link. */
  readonly qrData: string;
  readonly expiresAt: Date;
  /** The agent being registered (`client.agentId.address`). */
  readonly agentAddress: Address;
  readonly humanInstructions: readonly string[];
}

/** The rotating token of each session this process created or polled. @internal */
export const sessionTokens = new WeakMap<object, { token: string }>();

/** Builds a session object whose `sessionToken` reads the latest rotated token. @internal */
export function createSession(
  fields: Omit<AgentRegistrationSession, "sessionToken">,
  token: string,
): AgentRegistrationSession {
  const state = { token };
  const session = { ...fields, humanInstructions: Object.freeze([...fields.humanInstructions]) };
  Object.defineProperty(session, "sessionToken", { get: () => state.token, enumerable: false });
  sessionTokens.set(session, state);
  return Object.freeze(session) as AgentRegistrationSession;
}
