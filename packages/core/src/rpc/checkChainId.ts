// The one chain check: a node's or a wallet's `eth_chainId` answer must be chain 42220. Every client, send and
// simulation (and preflow/aa's account read) checks its endpoint with it.
import { CHAIN_ID } from "../chain.js";
import { describeValue } from "../errors/base.js";
import { ChainMismatchError } from "../errors/chain.js";
import { redactUrl } from "../errors/redact.js";

/**
 * Checks an `eth_chainId` answer (a hex quantity as the node sends it, a decimal string as some wallets do, or
 * the number or bigint a viem action returns): chain 42220 passes; another chain throws `ChainMismatchError` naming `endpoint` (redacted); an answer
 * that is not a chain id throws what `malformed` makes of its description (an `RpcError` for a node), since it says
 * nothing about the chain. No I/O.
 *
 * @param answer - The answer, untrusted.
 * @param endpoint - The RPC URL (redacted here), or a label such as `"(the wallet)"`.
 * @param malformed - Makes the error for an answer that is not a chain id, from a one-line description.
 * @throws {ChainMismatchError} the answer is another chain's id.
 *
 * @example
 * ```ts
 * import { checkChainId, RpcError } from "@preflow/core";
 *
 * checkChainId(await wallet.request({ method: "eth_chainId" }), "(the wallet)", (reason) => new Error(reason));
 * ```
 */
export function checkChainId(answer: unknown, endpoint: string, malformed: (reason: string) => Error): void {
  const actual =
    typeof answer === "number"
      ? answer
      : typeof answer === "bigint"
        ? Number(answer)
        : typeof answer === "string" && /^0x[0-9a-fA-F]{1,16}$/.test(answer)
          ? Number.parseInt(answer, 16)
          : // a wallet that answers in decimal (EIP-1193 says hex)
            typeof answer === "string" && /^[0-9]{1,16}$/.test(answer)
            ? Number(answer)
            : Number.NaN;
  if (!Number.isSafeInteger(actual) || actual < 0) {
    throw malformed(`eth_chainId returned ${describeValue(answer, 80)}`);
  }
  if (actual !== CHAIN_ID) {
    const rpcUrl = endpoint.startsWith("(") ? endpoint : redactUrl(endpoint);
    throw new ChainMismatchError({ expected: CHAIN_ID, actual, rpcUrl });
  }
}
