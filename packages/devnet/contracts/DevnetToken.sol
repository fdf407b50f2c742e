// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title DevnetToken
/// @notice A plain ERC-20 stand-in for the chain's stablecoins (USDm, EURm, USDC, USDT, ...) on the offline devnet.
/// The devnet places this runtime code at each token's mainnet address with `anvil_setCode` and then calls
/// `initialize` once, so name, symbol and decimals live in storage rather than in constructor-set immutables.
/// Behaviour follows the ERC-20 standard: balances, allowances, `Transfer`/`Approval` events, and reverts on
/// insufficient balance or allowance. Minting is open to any caller (a devnet faucet; `devnet.fund` mints from a
/// fresh impersonated sender each time, so concurrent funding never contends for one nonce).
contract DevnetToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    bool private initialized;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error AlreadyInitialized();
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error InvalidReceiver(address receiver);

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        if (to == address(0)) revert InvalidReceiver(to);
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal {
        if (to == address(0)) revert InvalidReceiver(to);
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
