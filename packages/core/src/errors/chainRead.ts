import { SdkError } from "./base.js";
import { redactSecrets } from "./redact.js";

/**
 * The node has no block with the number or hash asked for (a number beyond the chain's head, an unknown hash).
 *
 * @example
 * ```ts
 * import { BlockNotFoundError } from "@preflow/core";
 *
 * try {
 *   await client.blockchain.getBlock({ number: 10n ** 12n });
 * } catch (error) {
 *   if (error instanceof BlockNotFoundError) console.error(error.details.block); // "1000000000000"
 * }
 * ```
 */
export class BlockNotFoundError extends SdkError<"BLOCK_NOT_FOUND"> {
  override readonly name: string = "BlockNotFoundError";

  constructor(parameters: { block: string }) {
    const { block } = parameters;
    super({
      code: "BLOCK_NOT_FOUND",
      message: `The node has no block ${block}. Check the number (it may be beyond the chain's head) or the hash.`,
      details: { block },
    });
  }
}

/**
 * A contract read failed: the call reverted, there is no contract at the address, or its answer is not the
 * encoding its ABI promises (what the contract returned is untrusted: it is decoded, never believed).
 *
 * @example
 * ```ts
 * import { ContractReadError } from "@preflow/core";
 *
 * try {
 *   await client.blockchain.readContract({ to, abi: ["function owner() view returns (address)"], functionName: "owner" });
 * } catch (error) {
 *   if (error instanceof ContractReadError) console.error(error.details.functionName, error.details.reason);
 * }
 * ```
 */
export class ContractReadError extends SdkError<"CONTRACT_READ_FAILED"> {
  override readonly name: string = "ContractReadError";

  constructor(parameters: { address: string; functionName: string; reason: string; data?: string }) {
    const { address, functionName, data } = parameters;
    const reason = redactSecrets(parameters.reason);
    super({
      code: "CONTRACT_READ_FAILED",
      message: `Reading ${functionName} of ${address} failed: ${reason}.`,
      details: {
        address,
        functionName,
        reason,
        ...(data === undefined ? {} : { data: data.slice(0, 2 + 2 * 1024) }),
      },
    });
  }
}
