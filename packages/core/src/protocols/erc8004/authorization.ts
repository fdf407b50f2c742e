import type { Address } from "viem";
import type { ReadResult } from "../../rpc/readBatch.js";
import { Erc8004RefusedError } from "./errors.js";

/**
 * The refusal an `isAuthorizedOrOwner(from, agentId)` answer calls for, or `undefined`: a failed read is a
 * missing agent (the registry reverts `ERC721NonexistentToken`); `need: "owner"` refuses a signer that is not the
 * owner or an operator, `need: "stranger"` one that is (self-feedback). @internal
 */
export function authorizationRefusal(
  operation: string,
  agentId: bigint,
  from: Address,
  answer: ReadResult | undefined,
  need: "owner" | "stranger",
): Erc8004RefusedError | undefined {
  const details = { agentId: agentId.toString(), signer: from };
  if (!answer?.success || typeof answer.value !== "boolean")
    return new Erc8004RefusedError({
      operation,
      reason: "no-such-agent",
      message: `the Identity registry has no agent ${agentId}`,
      details,
    });
  if (need === "owner" && !answer.value)
    return new Erc8004RefusedError({
      operation,
      reason: "not-authorized",
      message: `${from} is neither the owner of agent ${agentId} nor an operator of it`,
      details,
    });
  if (need === "stranger" && answer.value)
    return new Erc8004RefusedError({
      operation,
      reason: "self-feedback",
      message: `${from} owns or operates agent ${agentId}, and the registry refuses self-feedback`,
      details,
    });
  return undefined;
}
