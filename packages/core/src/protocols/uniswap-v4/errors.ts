import { abiError } from "../abiError.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * Uniswap v4 reverts: the V4Router's and UniversalRouter's custom errors (a swap below its minimum, a command that
 * failed) and the PoolManager's. The errors it shares with Uniswap v3's definition, listed first in the registry
 * (the router's `TransactionDeadlinePassed`, Permit2's `AllowanceExpired` and `InsufficientAllowance`: the exact
 * Permit2 approval of a v4 swap lasts until its deadline and covers its amount once), decode there. @internal
 */
export const uniswapV4Errors: ProtocolRevertErrors = {
  errors: [
    /* @__PURE__ */ abiError("V4TooLittleReceived", [
      ["minAmountOutReceived", "uint256"],
      ["amountReceived", "uint256"],
    ]),
    /* @__PURE__ */ abiError("V4TooMuchRequested", [
      ["maxAmountInRequested", "uint256"],
      ["amountRequested", "uint256"],
    ]),
    /* @__PURE__ */ abiError("ExecutionFailed", [
      ["commandIndex", "uint256"],
      ["message", "bytes"],
    ]),
    /* @__PURE__ */ abiError("InvalidCommandType", [["commandType", "uint256"]]),
    /* @__PURE__ */ abiError("LengthMismatch"),
    /* @__PURE__ */ abiError("DeltaNotNegative", [["currency", "address"]]),
    /* @__PURE__ */ abiError("DeltaNotPositive", [["currency", "address"]]),
    /* @__PURE__ */ abiError("UnsupportedAction", [["action", "uint256"]]),
    /* @__PURE__ */ abiError("InputLengthMismatch"),
    /* @__PURE__ */ abiError("PoolNotInitialized"),
    /* @__PURE__ */ abiError("CurrencyNotSettled"),
    /* @__PURE__ */ abiError("SwapAmountCannotBeZero"),
    /* @__PURE__ */ abiError("PriceLimitAlreadyExceeded", [
      ["sqrtPriceCurrentX96", "uint160"],
      ["sqrtPriceLimitX96", "uint160"],
    ]),
    /* @__PURE__ */ abiError("NotEnoughLiquidity", [["poolId", "bytes32"]]),
  ],
  messages: {
    TRANSFER_FROM_FAILED:
      "Permit2 could not pull the token (its ERC-20 allowance of Permit2 or the balance is too low)",
  },
};
