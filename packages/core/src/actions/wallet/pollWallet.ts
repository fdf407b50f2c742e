// The one bounded wait of the wallet send paths: asks the wallet the same question (a batch's status, a step's
// receipt) every `pollingIntervalMs` until an answer settles it, the caller's `receiptTimeoutMs` passes, or the
// signal aborts. Each request is bounded by WALLET_REQUEST_TIMEOUT_MS and made without viem's retries.
import { sleep, withTimeout } from "@preflow/errors";
import { WALLET_REQUEST_TIMEOUT_MS, type WalletSendContext } from "./walletSendContext.js";

/**
 * Polls `method` with `params` until `settle` returns a result (`undefined`: not settled yet), and returns it; or
 * `undefined` when the wait ends first (deadline or abort). A failed request is passed to `onError` and polling
 * goes on. @internal
 */
export async function pollWallet<result>(
  context: Pick<WalletSendContext, "client" | "signal" | "receiptTimeoutMs" | "pollingIntervalMs">,
  method: string,
  params: readonly unknown[],
  settle: (answer: unknown) => result | undefined,
  onError: (error: unknown) => void = () => {},
): Promise<result | undefined> {
  const { client, signal, pollingIntervalMs } = context;
  const deadline = Date.now() + context.receiptTimeoutMs;
  while (!signal?.aborted && Date.now() < deadline) {
    try {
      const answer = await withTimeout(
        client.request({ method, params } as never, { retryCount: 0 }),
        WALLET_REQUEST_TIMEOUT_MS,
        undefined,
        method,
      );
      const result = settle(answer);
      if (result !== undefined) return result;
    } catch (error) {
      onError(error);
    }
    await sleep(Math.min(pollingIntervalMs, Math.max(0, deadline - Date.now())), signal);
  }
  return undefined;
}
