import { abiError } from "../abiError.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * ERC-20 reverts: OpenZeppelin v5's IERC20Errors, and the common `InsufficientBalance`/`InsufficientAllowance`
 * shapes (devnet tokens, Solady-style tokens). OpenZeppelin v4 and most Celo tokens revert with `Error(string)`.
 * @internal
 */
export const erc20Errors: ProtocolRevertErrors = {
  errors: [
    abiError("ERC20InsufficientBalance", [
      ["sender", "address"],
      ["balance", "uint256"],
      ["needed", "uint256"],
    ]),
    abiError("ERC20InvalidSender", [["sender", "address"]]),
    abiError("ERC20InvalidReceiver", [["receiver", "address"]]),
    abiError("ERC20InsufficientAllowance", [
      ["spender", "address"],
      ["allowance", "uint256"],
      ["needed", "uint256"],
    ]),
    abiError("ERC20InvalidApprover", [["approver", "address"]]),
    abiError("ERC20InvalidSpender", [["spender", "address"]]),
    abiError("InsufficientBalance", [
      ["account", "address"],
      ["balance", "uint256"],
      ["needed", "uint256"],
    ]),
    abiError("InsufficientAllowance", [
      ["spender", "address"],
      ["allowance", "uint256"],
      ["needed", "uint256"],
    ]),
    abiError("InvalidReceiver", [["receiver", "address"]]),
  ],
};
