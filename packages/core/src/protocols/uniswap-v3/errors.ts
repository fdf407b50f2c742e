import { abiError } from "../abiError.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * Uniswap reverts: the Universal Router's and Permit2's custom errors, and the short strings SwapRouter02 and the
 * v3 pools revert with (`"STF"`, `"Too little received"`...), explained. @internal
 */
export const uniswapErrors: ProtocolRevertErrors = {
  errors: [
    /* @__PURE__ */ abiError("V3TooLittleReceived"),
    /* @__PURE__ */ abiError("V3TooMuchRequested"),
    /* @__PURE__ */ abiError("V3InvalidSwap"),
    /* @__PURE__ */ abiError("V3InvalidAmountOut"),
    /* @__PURE__ */ abiError("V3InvalidCaller"),
    /* @__PURE__ */ abiError("V2TooLittleReceived"),
    /* @__PURE__ */ abiError("V2TooMuchRequested"),
    /* @__PURE__ */ abiError("TransactionDeadlinePassed"),
    /* @__PURE__ */ abiError("InsufficientToken"),
    /* @__PURE__ */ abiError("InsufficientETH"),
    /* @__PURE__ */ abiError("AllowanceExpired", [["deadline", "uint256"]]),
    /* @__PURE__ */ abiError("InsufficientAllowance", [["amount", "uint256"]]),
  ],
  messages: {
    STF: "the token transfer from the sender failed (allowance or balance too low)",
    TF: "a token transfer failed",
    ST: "a token transfer failed",
    SA: "a token approval failed",
    "Too little received": "the output is below the minimum (price moved beyond the slippage limit)",
    "Too much requested": "the input is above the maximum (price moved beyond the slippage limit)",
    "Transaction too old": "the deadline has passed",
    SPL: "the price limit is invalid",
    LOK: "the pool is locked (re-entrancy)",
    AS: "the swap amount is zero",
    IIA: "the pool received too little input",
  },
};
