// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Runs steps whose calldata is computed on chain, for the fee plan's `eth_simulateV1` (plannedSteps.ts). Never
// deployed: its runtime code is placed at the paying account by the simulation's state override, so every planned
// call runs with the account as `msg.sender`, as the real step will. `plan(initCode)` creates a planner (creation
// code whose constructor returns `abi.encode(Call[])`) and keeps where that answer now sits as code; `run(k)`, each
// its own transaction of the simulated block as the real steps are, makes the k-th planned call (nothing past the
// last) and returns the gas it took, measured around the call (before refunds, the target still cold), or reverts
// with the call's revert data.
contract PlannedStepRunner {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    bytes32 private constant SLOT = keccak256("preflow.PlannedStepRunner.plan");

    function plan(bytes memory initCode) external returns (bytes memory planned) {
        address at;
        assembly {
            at := create(0, add(initCode, 32), mload(initCode))
        }
        if (at == address(0)) {
            assembly {
                returndatacopy(0, 0, returndatasize())
                revert(0, returndatasize())
            }
        }
        bytes32 slot = SLOT;
        assembly {
            sstore(slot, at)
        }
        return at.code;
    }

    function run(uint256 k) external returns (uint256 gasUsed) {
        address at;
        bytes32 slot = SLOT;
        assembly {
            at := sload(slot)
        }
        Call[] memory calls = abi.decode(at.code, (Call[]));
        if (k >= calls.length) return 0;
        Call memory call = calls[k];
        uint256 before = gasleft();
        (bool ok, bytes memory answer) = call.to.call{value: call.value}(call.data);
        gasUsed = before - gasleft();
        if (!ok) {
            assembly {
                revert(add(answer, 32), mload(answer))
            }
        }
    }

    /// CELO a planned call pays back (LockedGold.withdraw) lands here, as it would at the account.
    receive() external payable {}
}
