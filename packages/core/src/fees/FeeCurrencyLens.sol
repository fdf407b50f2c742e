// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// What Celo's FeeCurrencyDirectory says of its fee currencies, and what each one's token says of itself, in ONE
// `eth_call` without `to` (never deployed): the constructor makes the reads, some of which depend on others (the
// directory's list, then each currency's adapted token, then that token's symbol, decimals and a balance), and
// returns their ABI encoding as the "deployed code". Every read is returned raw (whether it succeeded and at most
// 256 bytes: a longer answer is a failed read) and decoded leniently in TypeScript: a token that answers `symbol()` as bytes32,
// or nothing, or garbage, never fails the list. Each call is given at most 100,000 gas, so one currency cannot
// starve the others.
interface IFeeCurrencyDirectory {
    function getCurrencies() external view returns (address[] memory);
}

contract FeeCurrencyLens {
    struct Read {
        bool success;
        bytes returnData;
    }

    struct Currency {
        address feeCurrency;
        // the token it spends: the adapter's `getAdaptedToken()` (Celo's FeeCurrencyAdapter) or `adaptedToken()`
        // (Circle's), else the currency itself
        address token;
        // getCurrencyConfig, getExchangeRate, symbol, decimals, balanceOf(account) (not read for the zero account)
        Read[] reads;
    }

    uint256 private constant CALL_GAS = 100_000;
    uint256 private constant MAX_RETURN = 256;

    /// The answer's shape (its outputs decode the constructor's return data); never called.
    function currencies() external pure returns (Currency[] memory) {}

    /// `listed` empty: every currency the directory lists, in its order; else those, in that order.
    constructor(address directory, address[] memory listed, address account) {
        address[] memory all = listed;
        if (all.length == 0) all = IFeeCurrencyDirectory(directory).getCurrencies();
        Currency[] memory out = new Currency[](all.length);
        for (uint256 i = 0; i < all.length; i++) {
            address currency = all[i];
            address token = adaptedToken(currency);
            if (token == address(0)) token = currency;
            Read[] memory reads = new Read[](5);
            reads[0] = read(directory, abi.encodeWithSignature("getCurrencyConfig(address)", currency));
            reads[1] = read(directory, abi.encodeWithSignature("getExchangeRate(address)", currency));
            reads[2] = read(token, abi.encodeWithSignature("symbol()"));
            reads[3] = read(token, abi.encodeWithSignature("decimals()"));
            if (account != address(0)) reads[4] = read(token, abi.encodeWithSignature("balanceOf(address)", account));
            out[i] = Currency(currency, token, reads);
        }
        bytes memory encoded = abi.encode(out);
        assembly {
            return(add(encoded, 32), mload(encoded))
        }
    }

    function adaptedToken(address currency) private view returns (address) {
        Read memory first = read(currency, abi.encodeWithSignature("getAdaptedToken()"));
        address token = asAddress(first);
        if (token != address(0)) return token;
        return asAddress(read(currency, abi.encodeWithSignature("adaptedToken()")));
    }

    /// An address answer (exactly one word, high bits clear), else the zero address.
    function asAddress(Read memory r) private pure returns (address token) {
        if (!r.success || r.returnData.length != 32) return address(0);
        uint256 word = abi.decode(r.returnData, (uint256));
        if (word >> 160 != 0) return address(0);
        token = address(uint160(word));
    }

    /// A bounded static call: an address without code answers nothing; an answer over MAX_RETURN bytes fails.
    function read(address target, bytes memory data) private view returns (Read memory r) {
        if (target.code.length == 0) return r;
        bool ok;
        uint256 size;
        bytes memory answer = new bytes(MAX_RETURN);
        assembly {
            ok := staticcall(CALL_GAS, target, add(data, 32), mload(data), 0, 0)
            size := returndatasize()
            // a longer answer is no symbol, decimals, rate or balance: kept as a failure, never cut to a prefix
            if gt(size, MAX_RETURN) {
                ok := 0
                size := 0
            }
            returndatacopy(add(answer, 32), 0, size)
            mstore(answer, size)
        }
        r.success = ok;
        r.returnData = answer;
    }
}
