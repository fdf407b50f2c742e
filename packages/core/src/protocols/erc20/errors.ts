import { abiError } from "../abiError.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * ERC-20 reverts: OpenZeppelin v5's IERC20Errors, and the common `InsufficientBalance`/`InsufficientAllowance`
 * shapes (devnet tokens, Solady-style tokens). OpenZeppelin v4 and most Celo tokens revert with `Error(string)`.
 * @internal
 */
export const erc20Errors: ProtocolRevertErrors = {
  errors: [
    /* @__PURE__ */ abiError("ERC20InsufficientBalance", [
      ["sender", "address"],
      ["balance", "uint256"],
      ["needed", "uint256"],
    ]),
    /* @__PURE__ */ abiError("ERC20InvalidSender", [["sender", "address"]]),
    /* @__PURE__ */ abiError("ERC20InvalidReceiver", [["receiver", "address"]]),
    /* @__PURE__ */ abiError("ERC20InsufficientAllowance", [
      ["spender", "address"],
      ["allowance", "uint256"],
      ["needed", "uint256"],
    ]),
    /* @__PURE__ */ abiError("ERC20InvalidApprover", [["approver", "address"]]),
    /* @__PURE__ */ abiError("ERC20InvalidSpender", [["spender", "address"]]),
    /* @__PURE__ */ abiError("InsufficientBalance", [
      ["account", "address"],
      ["balance", "uint256"],
      ["needed", "uint256"],
    ]),
    /* @__PURE__ */ abiError("InsufficientAllowance", [
      ["spender", "address"],
      ["allowance", "uint256"],
      ["needed", "uint256"],
    ]),
    /* @__PURE__ */ abiError("InvalidReceiver", [["receiver", "address"]]),
  ],
};
