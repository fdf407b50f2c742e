import { createHash } from "node:crypto";

/**
 * A prepared flow's identity: SHA-256 of its chain, `from` and steps (`to`, `data`, `value`; descriptions
 * and metadata left out), as 64 lowercase hex digits. The same transactions give the same id, however the
 * JSON was spelled. @internal
 */
export function flowIdentity(flow: {
  chainId: number;
  from: string;
  steps: readonly { to: string; data: string; value: string }[];
}): string {
  const canonical = JSON.stringify([
    flow.chainId,
    flow.from.toLowerCase(),
    flow.steps.map((step) => [step.to.toLowerCase(), step.data.toLowerCase(), step.value]),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}
