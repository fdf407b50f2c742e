// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title PriceFeedStandIn
/// @notice A SETTABLE price feed placed at the mainnet addresses of Aave's Celo price feeds (the AaveOracle's
/// sources) on the offline devnet. It is a stand-in, not mainnet code: mainnet's feeds are Chainlink aggregators
/// (some behind Aave's price-cap adapters) whose answers come from oracle reports. What is the same: the read
/// interface AaveOracle and apps use (`latestAnswer`, `latestRoundData`, `decimals` = 8, USD prices). What
/// differs: anyone may call `setAnswer` (the devnet's `setAavePrice` helper does), rounds are a plain counter and
/// there is no history (`getRoundData` is not implemented).
contract PriceFeedStandIn {
    int256 public latestAnswer;
    uint256 public latestTimestamp;
    uint256 public latestRound;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    function decimals() external pure returns (uint8) {
        return 8;
    }

    function setAnswer(int256 answer) external {
        latestAnswer = answer;
        latestTimestamp = block.timestamp;
        latestRound += 1;
        emit AnswerUpdated(answer, latestRound, block.timestamp);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return (uint80(latestRound), latestAnswer, latestTimestamp, latestTimestamp, uint80(latestRound));
    }
}
