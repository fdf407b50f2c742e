// The one meaning of "sent" in the tool server, as in core: the node acknowledged the step (it accepted it, or
// knows its hash) or the chain shows it. A step signed whose send's answer was lost (`sent: "unknown"`) is not
// sent, and not "never sent" either: it may still reach the chain.

/** The parts of a step these read. @internal */
export interface SentFields {
  status: string;
  hash: string | null;
  sent?: boolean | "unknown" | undefined;
}

/** Sent: acknowledged by the node, or on chain. @internal */
export function isSent(step: SentFields): boolean {
  return step.sent === true || step.status === "success" || step.status === "reverted";
}

/** Certainly never reached the chain: never signed, or refused and unknown to the node. @internal */
export function neverSent(step: SentFields): boolean {
  if (step.status === "success" || step.status === "reverted" || step.status === "pending") return false;
  return step.hash === null || step.sent === false;
}
