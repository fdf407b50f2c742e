// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title DevnetToken
/// @notice A plain ERC-20 stand-in for the chain's stablecoins (USDm, EURm, USDC, USDT, ...) on the offline devnet.
/// The devnet places this runtime code at each token's mainnet address with `anvil_setCode` and then calls
/// `initialize` once, so name, symbol and decimals live in storage rather than in constructor-set immutables.
/// Behaviour follows the ERC-20 standard: balances, allowances, `Transfer`/`Approval` events, and reverts on
/// insufficient balance or allowance. Minting is open to any caller (a devnet faucet; `devnet.fund` mints from a
/// fresh impersonated sender each time, so concurrent funding never contends for one nonce).
/// Fee currency (USDC and USD₮ on Celo are paid through a FeeCurrencyAdapter): `debitGasFees`/`creditGasFees` as in
/// Circle's FiatTokenCeloV2_2, callable only by the fee caller (address(0), the Celo VM, until the owner, the
/// account that initialized the token, names the adapter with `updateFeeCaller`). The debit moves the reserved fee
/// to address(0); the credit returns it and pays tip and base fee, with the same three `Transfer` events.
contract DevnetToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    bool private initialized;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    /// Who initialized the token; may change the fee caller.
    address public owner;
    /// The only caller of `debitGasFees`/`creditGasFees` (address(0) = the VM itself).
    address public feeCaller;
    uint256 private debitedValue;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event FeeCallerChanged(address indexed newAddress);

    error AlreadyInitialized();
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error InvalidReceiver(address receiver);
    error NotOwner(address caller);

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        owner = msg.sender;
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

    function updateFeeCaller(address newFeeCaller) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        feeCaller = newFeeCaller;
        emit FeeCallerChanged(newFeeCaller);
    }

    function debitGasFees(address from, uint256 value) external {
        require(msg.sender == feeCaller, "DevnetToken: caller is not the fee caller");
        require(debitedValue == 0, "DevnetToken: Must fully credit before debit");
        require(from != address(0), "ERC20: transfer from the zero address");
        _transferReservedGas(from, address(0), value);
        debitedValue = value;
    }

    function creditGasFees(
        address from,
        address feeRecipient,
        address, /* gatewayFeeRecipient */
        address communityFund,
        uint256 refund,
        uint256 tipTxFee,
        uint256, /* gatewayFee */
        uint256 baseTxFee
    ) external {
        require(msg.sender == feeCaller, "DevnetToken: caller is not the fee caller");
        uint256 creditValue = refund + tipTxFee + baseTxFee;
        require(debitedValue == creditValue, "DevnetToken: Either no debit or mismatched debit");
        _transferReservedGas(address(0), from, creditValue);
        _transfer(from, feeRecipient, tipTxFee);
        _transfer(from, communityFund, baseTxFee);
        debitedValue = 0;
    }

    /// A transfer that allows address(0) as the gas intermediary (FiatTokenCeloV2_2's `_transferReservedGas`).
    function _transferReservedGas(address from, address to, uint256 value) internal {
        require(value > 0, "DevnetToken: Must reserve > 0 gas");
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
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
