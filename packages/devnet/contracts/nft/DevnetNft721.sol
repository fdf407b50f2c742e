// SPDX-License-Identifier: MIT
// A test collection on OpenZeppelin's ERC-721 (the npm package @openzeppelin/contracts, unchanged): only a
// mint that anyone may call and a base URI are added, so tests can hold tokens. Not a mainnet contract.
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

contract DevnetNft721 is ERC721 {
    constructor() ERC721("Devnet Kittens", "DKIT") {}

    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }

    function _baseURI() internal pure override returns (string memory) {
        return "ipfs://devnet-kittens/";
    }
}
