// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title CeloTokenStandIn
/// @notice The ERC-20 interface of the native asset CELO (mainnet `GoldToken` at
/// 0x471EcE3750Da237f93B8E339c536989b8978a438), for the offline devnet. As on mainnet, balances ARE native
/// balances (`balanceOf(a) == a.balance`) and `transfer`/`transferFrom` move native balance through the
/// chain's transfer precompile at address 0xfd (anvil `--celo`), which only honours calls from this address.
/// Allowances live in this contract's storage. Differences from mainnet: no registry/owner/initializer
/// machinery, `totalSupply` is not tracked (it returns 0, since the devnet mints natively), and no
/// `increaseAllowance`/`decreaseAllowance`.
contract CeloTokenStandIn {
    address private constant TRANSFER_PRECOMPILE = address(0xfd);

    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error InvalidReceiver(address receiver);
    error TransferPrecompileFailed();

    function name() external pure returns (string memory) {
        return "Celo native asset";
    }

    function symbol() external pure returns (string memory) {
        return "CELO";
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function totalSupply() external pure returns (uint256) {
        return 0;
    }

    function balanceOf(address account) external view returns (uint256) {
        return account.balance;
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
        uint256 balance = from.balance;
        if (balance < value) revert InsufficientBalance(from, balance, value);
        (bool ok,) = TRANSFER_PRECOMPILE.call(abi.encode(from, to, value));
        if (!ok) revert TransferPrecompileFailed();
        emit Transfer(from, to, value);
    }
}
