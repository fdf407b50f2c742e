// op-reth's own JSON-RPC error answers, as Celo's nodes give them since they moved from op-geth (mainnet, July 2026),
// for the fault proxy to serve (`{ kind: "error", ...opRethError("nonceTooLow", ...) }`). Texts and codes from the
// sources, not invented:
// - reth `crates/rpc/rpc-eth-types/src/error/mod.rs` (paradigmxyz/reth): `RpcInvalidTransactionError` (nonce too
//   low "nonce too low: next nonce {state}, tx nonce {tx}", code -32000 InvalidInput; insufficient funds "insufficient
//   funds for gas * price + value: have {balance} want {cost}", code -32003 TransactionRejected; fee cap below the
//   base fee "max fee per gas less than block base fee", -32000), `RpcPoolError` ("already known", "replacement
//   transaction underpriced", "transaction underpriced", -32000), `RevertError` ("execution reverted[: reason]", code
//   3 with the revert data);
// - reth `crates/rpc/rpc-eth-types/src/simulate.rs`: `EthSimulateError` codes for `eth_simulateV1` (-38010 nonce too
//   low, -38012 base fee, -38013 intrinsic gas, -38014 insufficient funds), a call's revert code 3 and VM error -32015;
// - Celo's op-reth (celo-org/celo-kona `crates/celo-reth/src/pool.rs`, `CeloPoolRejection`): fee-currency refusals
//   ("unregistered fee-currency address {fc}", "insufficient fee-currency balance: required {required}, available
//   {balance} for sender {sender} in fee-currency {currency}", ...), answered through reth's `RpcPoolError::
//   PoolTransactionError` with code -32000; a failed state lookup is an internal error (-32603).
import type { Address, Hex } from "viem";

/** A JSON-RPC error a node answers: what the fault proxy's `{ kind: "error" }` serves. */
export interface NodeErrorAnswer {
  readonly code: number;
  readonly message: string;
  readonly data?: Hex;
}

/** What the texts are made of (the values a real refusal carries). */
export interface NodeErrorValues {
  readonly address?: Address;
  readonly feeCurrency?: Address;
  readonly txNonce?: bigint;
  readonly stateNonce?: bigint;
  readonly have?: bigint;
  readonly want?: bigint;
  /** A revert's reason string (`Error(string)`) and its ABI data. */
  readonly reason?: string;
  readonly revertData?: Hex;
}

/** The refusals both nodes give, by what happened (the fixtures' keys, the same for op-geth and op-reth). */
export type NodeErrorKind =
  | "nonceTooLow"
  | "alreadyKnown"
  | "replacementUnderpriced"
  | "underpriced"
  | "insufficientFunds"
  | "feeCapBelowBaseFee"
  | "feeCurrencyUnregistered"
  | "feeCurrencyInsufficientBalance"
  | "feeCurrencyInternal"
  | "executionReverted"
  | "simulateNonceTooLow"
  | "simulateInsufficientFunds"
  | "simulateBaseFeeTooLow";

const ZERO: Address = "0x0000000000000000000000000000000000000000";

/**
 * op-reth's answer for `kind` (Celo's op-reth for the fee-currency ones), filled with `values`.
 *
 * @example
 * proxy.inject({ method: "eth_sendRawTransaction", times: 1, fault: { kind: "error", ...opRethError("nonceTooLow", { txNonce: 3n, stateNonce: 5n }) } });
 */
export function opRethError(kind: NodeErrorKind, values: NodeErrorValues = {}): NodeErrorAnswer {
  const { address = ZERO, feeCurrency = ZERO, txNonce = 0n, stateNonce = 1n, have = 0n, want = 1n } = values;
  switch (kind) {
    case "nonceTooLow":
      return { code: -32000, message: `nonce too low: next nonce ${stateNonce}, tx nonce ${txNonce}` };
    case "alreadyKnown":
      return { code: -32000, message: "already known" };
    case "replacementUnderpriced":
      return { code: -32000, message: "replacement transaction underpriced" };
    case "underpriced":
      return { code: -32000, message: "transaction underpriced" };
    case "insufficientFunds":
      return {
        code: -32003,
        message: `insufficient funds for gas * price + value: have ${have} want ${want}`,
      };
    case "feeCapBelowBaseFee":
      return { code: -32000, message: "max fee per gas less than block base fee" };
    case "feeCurrencyUnregistered":
      return { code: -32000, message: `unregistered fee-currency address ${feeCurrency}` };
    case "feeCurrencyInsufficientBalance":
      return {
        code: -32000,
        message: `insufficient fee-currency balance: required ${want}, available ${have} for sender ${address} in fee-currency ${feeCurrency}`,
      };
    case "feeCurrencyInternal":
      return {
        code: -32603,
        message: `state nonce lookup failed for sender ${address} in fee-currency ${feeCurrency}`,
      };
    case "executionReverted":
      return {
        code: 3,
        message: values.reason ? `execution reverted: ${values.reason}` : "execution reverted",
        ...(values.revertData ? { data: values.revertData } : {}),
      };
    case "simulateNonceTooLow":
      return { code: -38010, message: `nonce too low: next nonce ${stateNonce}, tx nonce ${txNonce}` };
    case "simulateInsufficientFunds":
      return {
        code: -38014,
        message: `insufficient funds for gas * price + value: have ${have} want ${want}`,
      };
    case "simulateBaseFeeTooLow":
      return { code: -38012, message: "max fee per gas less than block base fee" };
  }
}
