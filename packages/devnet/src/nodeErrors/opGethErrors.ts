// Celo op-geth's JSON-RPC error answers (before the move to op-reth), beside opRethErrors.ts: the same refusals in
// op-geth's words. go-ethereum `core/txpool/errors.go` and `core/error.go` ("nonce too low: address {a}, tx: {n}
// state: {s}", "insufficient funds for gas * price + value: address {a} have {h} want {w}", "already known",
// "replacement transaction underpriced", "max fee per gas less than block base fee: address {a}, maxFeePerGas: {m},
// baseFee: {b}"), all code -32000 on `eth_sendRawTransaction`; `eth_call`/`eth_estimateGas` reverts code 3 with
// data; `eth_simulateV1` the execution-apis codes (-38010, -38012, -38014). Celo's fee-currency refusals as the
// devnet's fee-currency node front answers them (feeCurrencyNode/settle.ts and directory.ts).
import type { NodeErrorAnswer, NodeErrorKind, NodeErrorValues } from "./opRethErrors.js";

const ZERO = "0x0000000000000000000000000000000000000000";

/**
 * op-geth's answer for `kind`, filled with `values`.
 *
 * @example
 * proxy.inject({ method: "eth_sendRawTransaction", times: 1, fault: { kind: "error", ...opGethError("alreadyKnown") } });
 */
export function opGethError(kind: NodeErrorKind, values: NodeErrorValues = {}): NodeErrorAnswer {
  const { address = ZERO, feeCurrency = ZERO, txNonce = 0n, stateNonce = 1n, have = 0n, want = 1n } = values;
  switch (kind) {
    case "nonceTooLow":
      return {
        code: -32000,
        message: `nonce too low: address ${address}, tx: ${txNonce} state: ${stateNonce}`,
      };
    case "alreadyKnown":
      return { code: -32000, message: "already known" };
    case "replacementUnderpriced":
      return { code: -32000, message: "replacement transaction underpriced" };
    case "underpriced":
      return { code: -32000, message: "transaction underpriced" };
    case "insufficientFunds":
      return {
        code: -32000,
        message: `insufficient funds for gas * price + value: address ${address} have ${have} want ${want}`,
      };
    case "feeCapBelowBaseFee":
      return {
        code: -32000,
        message: `max fee per gas less than block base fee: address ${address}, maxFeePerGas: ${want} baseFee: ${have}`,
      };
    case "feeCurrencyUnregistered":
      return { code: -32000, message: `unregistered fee-currency address: ${feeCurrency}` };
    case "feeCurrencyInsufficientBalance":
      return {
        code: -32000,
        message: `insufficient funds for gas * price + value: address ${address} have ${have} want ${want} (in fee currency ${feeCurrency})`,
      };
    case "feeCurrencyInternal":
      return { code: -32603, message: `fee currency ${feeCurrency}: internal error` };
    case "executionReverted":
      return {
        code: 3,
        message: values.reason ? `execution reverted: ${values.reason}` : "execution reverted",
        ...(values.revertData ? { data: values.revertData } : {}),
      };
    case "simulateNonceTooLow":
      return {
        code: -38010,
        message: `nonce too low: address ${address}, tx: ${txNonce} state: ${stateNonce}`,
      };
    case "simulateInsufficientFunds":
      return {
        code: -38014,
        message: `insufficient funds for gas * price + value: address ${address} have ${have} want ${want}`,
      };
    case "simulateBaseFeeTooLow":
      return { code: -38012, message: `max fee per gas less than block base fee: address ${address}` };
  }
}
