// SPDX-License-Identifier: MIT
// A test collection on OpenZeppelin's ERC-1155 (the npm package @openzeppelin/contracts, unchanged): a mint that
// anyone may call, and `name` / `symbol` (not part of ERC-1155, which many collections add). Not a mainnet contract.
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

contract DevnetNft1155 is ERC1155 {
    constructor() ERC1155("https://items.devnet.invalid/{id}.json") {}

    function mint(address to, uint256 id, uint256 amount) external {
        _mint(to, id, amount, "");
    }

    function name() external pure returns (string memory) {
        return "Devnet Items";
    }

    function symbol() external pure returns (string memory) {
        return "DITM";
    }
}
