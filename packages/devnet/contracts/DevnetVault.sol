// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title DevnetVault
/// @notice A small vault for approve-then-act flows on the offline devnet (tests and the demo): `deposit`
/// pulls tokens from the caller with `transferFrom`, so it needs an allowance first; `withdraw` sends them back.
/// Deposits are kept per (token, account). It has no constructor state, so the devnet places its runtime code
/// at a fixed address with `anvil_setCode`.
contract DevnetVault {
    mapping(address => mapping(address => uint256)) public deposits;

    event Deposited(address indexed token, address indexed account, uint256 amount);
    event Withdrawn(address indexed token, address indexed account, uint256 amount);

    error ZeroAmount();
    error TransferFailed();
    error InsufficientDeposit(uint256 deposited, uint256 requested);

    function deposit(address token, uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        if (!IERC20Like(token).transferFrom(msg.sender, address(this), amount)) revert TransferFailed();
        deposits[token][msg.sender] += amount;
        emit Deposited(token, msg.sender, amount);
    }

    function withdraw(address token, uint256 amount) external {
        uint256 deposited = deposits[token][msg.sender];
        if (deposited < amount) revert InsufficientDeposit(deposited, amount);
        deposits[token][msg.sender] = deposited - amount;
        if (!IERC20Like(token).transfer(msg.sender, amount)) revert TransferFailed();
        emit Withdrawn(token, msg.sender, amount);
    }
}
