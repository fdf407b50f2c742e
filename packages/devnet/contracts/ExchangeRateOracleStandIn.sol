// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title ExchangeRateOracleStandIn
/// @notice The fee-currency oracle of the devnet: `getExchangeRate(token)` answers (numerator, denominator) with
/// "token amount = CELO amount x numerator / denominator", the convention of Celo's `IOracle` that
/// `FeeCurrencyDirectory.getExchangeRate` forwards. On mainnet the directory points at SortedOracles, whose rates
/// are medians of reports by whitelisted oracles; here the owner (the account that initialized it) sets each rate,
/// so tests decide them. Devnet only (placed at a devnet address, not SortedOracles'). A token without a rate
/// answers (0, 0), which the node treats as an invalid rate, as for a SortedOracles median with no reports.
contract ExchangeRateOracleStandIn {
    struct Rate {
        uint256 numerator;
        uint256 denominator;
    }

    mapping(address => Rate) private rates;
    address public owner;

    event ExchangeRateSet(address indexed token, uint256 numerator, uint256 denominator);

    error NotOwner(address caller);
    error AlreadyInitialized();

    function initialize() external {
        if (owner != address(0)) revert AlreadyInitialized();
        owner = msg.sender;
    }

    function setExchangeRate(address token, uint256 numerator, uint256 denominator) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        rates[token] = Rate(numerator, denominator);
        emit ExchangeRateSet(token, numerator, denominator);
    }

    function getExchangeRate(address token) external view returns (uint256 numerator, uint256 denominator) {
        Rate memory rate = rates[token];
        return (rate.numerator, rate.denominator);
    }

    /// SortedOracles' name for the same answer.
    function medianRate(address token) external view returns (uint256, uint256) {
        Rate memory rate = rates[token];
        return (rate.numerator, rate.denominator);
    }
}
