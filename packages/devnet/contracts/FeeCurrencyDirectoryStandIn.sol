// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title FeeCurrencyDirectoryStandIn
/// @notice A stand-in for Celo's `FeeCurrencyDirectory` (mainnet 0x15F344b9E6c3Cb6F0376A36A64928b13F62C6276), the
/// allowlist of fee currencies the node reads before each block. Only its ABI is published (the npm package celo/abis 14.0.1,
/// FeeCurrencyDirectory.json); this contract has that ABI, its events and its revert reasons.
/// Differences from Celo's contract: no proxy (the devnet places this runtime code at the mainnet address and calls
/// `initialize` once, as mainnet's proxy did), no `IsL2Check`, and `initialize` may be called by anyone once (the
/// caller becomes the owner), as Celo's `Initializable` with `test = true` allows.
contract FeeCurrencyDirectoryStandIn {
    struct CurrencyConfig {
        address oracle;
        uint256 intrinsicGas;
    }

    mapping(address => CurrencyConfig) public currencies;
    address[] private currencyList;
    bool public initialized;
    address public owner;

    event CurrencyConfigSet(address indexed token, address indexed oracle, uint256 intrinsicGas);
    event CurrencyRemoved(address indexed token);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    /// Celo's contracts take `test`: false marks the implementation initialized. Unused here (no constructor runs
    /// when the runtime code is placed), kept for the published ABI.
    constructor(bool test) {
        if (!test) initialized = true;
    }

    function initialize() external {
        require(!initialized, "contract already initialized");
        initialized = true;
        _transferOwnership(msg.sender);
    }

    function setCurrencyConfig(address token, address oracle, uint256 intrinsicGas) external onlyOwner {
        require(oracle != address(0), "Oracle address cannot be zero");
        require(intrinsicGas > 0, "Intrinsic gas cannot be zero");
        require(currencies[token].oracle == address(0), "Currency already in the directory");
        currencies[token] = CurrencyConfig({oracle: oracle, intrinsicGas: intrinsicGas});
        currencyList.push(token);
        emit CurrencyConfigSet(token, oracle, intrinsicGas);
    }

    function removeCurrencies(address token, uint256 index) external onlyOwner {
        require(index < currencyList.length, "Index out of bounds");
        require(currencyList[index] == token, "Index does not match token");
        delete currencies[token];
        currencyList[index] = currencyList[currencyList.length - 1];
        currencyList.pop();
        emit CurrencyRemoved(token);
    }

    function getCurrencies() external view returns (address[] memory) {
        return currencyList;
    }

    function getCurrencyConfig(address token) external view returns (CurrencyConfig memory) {
        return currencies[token];
    }

    function getExchangeRate(address token) external view returns (uint256 numerator, uint256 denominator) {
        require(currencies[token].oracle != address(0), "Currency not in the directory");
        (numerator, denominator) = IFeeCurrencyOracle(currencies[token].oracle).getExchangeRate(token);
    }

    function getVersionNumber() external pure returns (uint256, uint256, uint256, uint256) {
        return (1, 1, 0, 0);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Ownable: new owner is the zero address");
        _transferOwnership(newOwner);
    }

    function renounceOwnership() external onlyOwner {
        _transferOwnership(address(0));
    }

    function _transferOwnership(address newOwner) internal {
        address previous = owner;
        owner = newOwner;
        emit OwnershipTransferred(previous, newOwner);
    }
}

/// What the directory asks a currency's oracle (mainnet: SortedOracles; the devnet: ExchangeRateOracleStandIn).
interface IFeeCurrencyOracle {
    function getExchangeRate(address token) external view returns (uint256 numerator, uint256 denominator);
}
