// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title CeloEpochStandIn
/// @notice What Celo's core contracts v11 (Election, Validators, Governance, as shipped by the npm package celo-devchain
/// 7.0.0) read of epochs, for the offline devnet. Placed at 0x00000000000000000000000000000000000000f8, the
/// address of the L1 epoch-size precompile (0xff - 7) that `UsingPrecompiles.getEpochSize()` calls with empty
/// input; those contracts then compute `epoch = ceil(block.number / epochSize)`.
///
/// What differs from mainnet, and why:
/// - On the Celo L2 epochs are run by `EpochManager` (ABI in the npm package celo abis; no published bytecode), whose
///   `getCurrentEpochNumber()` the L2 contracts read. The v11 contracts the devnet runs read the L1 precompile
///   instead, so this stand-in answers the precompile's question and also offers `getCurrentEpochNumber()`.
/// - Mainnet's epoch size is fixed (17,280 blocks on the L1; one day on the L2). Here the stand-in keeps the
///   CURRENT EPOCH `E` in storage and answers `epochSize = ceil(block.number / E)`, so that
///   `ceil(block.number / epochSize) == E` whenever `(E - 1)^2 < block.number`. Ending an epoch is therefore
///   one call of `setCurrentEpochNumber(E + 1)` (plus mining up to `E^2 + 1` blocks when the chain is that short),
///   instead of mining 17,280 blocks (about 180 s on anvil). `devnet.nextEpoch()` does both.
/// - No epoch rewards, validator elections or epoch-end processing run: nothing calls
///   `Election.distributeEpochRewards` or rotates validators (a devnet helper may do the former as the VM did).
/// - `setCurrentEpochNumber` is callable by anyone and may only move forward: a devnet control, not a protocol
///   function.
/// - The proof-of-possession precompile (0xff - 4) and the others (validator set, block hashes) are not stood in:
///   a call to an empty account succeeds with empty output, which is all `registerValidator` needs of 0xfb.
contract CeloEpochStandIn {
    /// @notice The current epoch number (slot 0; starts at 1 when the slot is zero).
    uint256 private currentEpoch;

    event EpochStarted(uint256 indexed epochNumber, uint256 blockNumber);

    error EpochNotAfterCurrent(uint256 current, uint256 requested);

    /// @notice The current epoch number, as the L2's `EpochManager.getCurrentEpochNumber()`.
    function getCurrentEpochNumber() public view returns (uint256) {
        uint256 epoch = currentEpoch;
        return epoch == 0 ? 1 : epoch;
    }

    /// @notice The epoch size the v11 contracts use: `ceil(block.number / E)` (see the notes at the top).
    function epochSize() public view returns (uint256) {
        uint256 epoch = getCurrentEpochNumber();
        uint256 size = (block.number + epoch - 1) / epoch;
        return size == 0 ? 1 : size;
    }

    /// @notice Starts epoch `epochNumber` (devnet control). Contracts see it once `(epochNumber - 1)^2 < block.number`.
    function setCurrentEpochNumber(uint256 epochNumber) external {
        uint256 current = getCurrentEpochNumber();
        if (epochNumber <= current) revert EpochNotAfterCurrent(current, epochNumber);
        currentEpoch = epochNumber;
        emit EpochStarted(epochNumber, block.number);
    }

    /// @notice The precompile's interface: empty input, a 32-byte epoch size out.
    fallback(bytes calldata input) external returns (bytes memory) {
        if (input.length != 0) revert();
        return abi.encode(epochSize());
    }
}
