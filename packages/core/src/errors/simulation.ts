import { SdkError } from "./base.js";
import { redactSecrets } from "./redact.js";

/**
 * The RPC endpoint does not serve `eth_simulateV1`, which `simulatePreparedFlow` needs to run every step of a flow
 * on one state. preflow does not fall back to simulating the steps one by one: a step that needs an earlier
 * step's approval would then report a false revert. Nothing was sent.
 *
 * @example
 * ```ts
 * import { SimulationUnsupportedError } from "@preflow/core";
 *
 * try {
 *   await client.transaction.simulatePreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof SimulationUnsupportedError) console.error(error.details.rpcUrl, "cannot simulate flows");
 * }
 * ```
 */
export class SimulationUnsupportedError extends SdkError<
  "SIMULATION_UNSUPPORTED",
  { rpcUrl: string; method: "eth_simulateV1"; reason: string }
> {
  override readonly name: string = "SimulationUnsupportedError";

  constructor(parameters: {
    /** The endpoint, redacted by the caller (`redactUrl`); `apikey=`-style query values are masked here too. */
    rpcUrl: string;
    /** What the node answered (redacted by the caller; query keys and Bearer tokens are masked here too). */
    reason: string;
  }) {
    const rpcUrl = redactSecrets(parameters.rpcUrl);
    const reason = redactSecrets(parameters.reason);
    super({
      code: "SIMULATION_UNSUPPORTED",
      message: `The RPC endpoint ${rpcUrl} does not support eth_simulateV1 (${reason}), so the flow cannot be simulated on one state; nothing was sent. Use an endpoint that serves eth_simulateV1 (geth 1.14.9+, op-geth, Anvil).`,
      details: { rpcUrl, method: "eth_simulateV1", reason },
    });
  }
}
