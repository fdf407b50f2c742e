// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// UniversalResolverStandIn
// A stand-in, written for the offline devnet, for ENS's UniversalResolver on Ethereum mainnet
// (0xeeeeeeee14d718c2b47d9923deab1335e144eeee), where the devnet's Ethereum chain (chain id 1) places its
// runtime code with `anvil_setCode`. The published npm packages hold no UniversalResolver of the interface
// viem 2.57 calls (`@ensdomains/ens-contracts` has no version on the registry this repo uses), so this contract
// implements that interface over the real, published `ENSRegistry` (`@ensdomains/ens` 0.6.2, at the mainnet
// registry address 0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e) and whatever resolver a name has there
// (the devnet uses `PublicResolver` of `@ensdomains/resolver` 0.3.1).
//
// Same as the mainnet UniversalResolver, for what viem's `getEnsAddress` relies on:
// - `resolveWithGateways(bytes name, bytes data, string[] gateways) returns (bytes result, address resolver)`
//   with `name` DNS-encoded (labels over 255 bytes as `[labelhash]`), `result` the resolver's raw ABI return;
// - the resolver is the registry's resolver of the name or, failing that, of the nearest ancestor; an ancestor's
//   resolver counts only when it is an ENSIP-10 extended resolver (called with `resolve(name, data)`);
// - the errors viem treats as "no address": `ResolverNotFound(bytes)`, `ResolverNotContract(bytes,address)`,
//   `ResolverError(bytes)`, `UnsupportedResolverProfile(bytes4)`; a malformed name gets `DNSDecodingFailed(bytes)`.
// Different: no CCIP-Read (`OffchainLookup`) and no batch gateway (`gateways` is ignored), no `resolve`
// multicall forms, no reverse resolution.
contract UniversalResolverStandIn {
    address public constant registry = 0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e;
    bytes4 private constant EXTENDED_RESOLVER_ID = 0x9061b923;

    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error UnsupportedResolverProfile(bytes4 selector);

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        (address resolver, bool exact) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = supportsInterface(resolver, EXTENDED_RESOLVER_ID);
        if (!exact && !extended) revert ResolverNotFound(name);
        bytes memory callData = extended ? abi.encodeWithSelector(EXTENDED_RESOLVER_ID, name, data) : data;
        (bool ok, bytes memory result) = resolver.staticcall(callData);
        if (!ok) {
            if (result.length == 0) revert UnsupportedResolverProfile(bytes4(data));
            revert ResolverError(result);
        }
        if (extended) result = abi.decode(result, (bytes));
        if (result.length == 0) revert UnsupportedResolverProfile(bytes4(data));
        return (result, resolver);
    }

    /// @notice The resolver of `name` (DNS-encoded) or of its nearest ancestor that has one, and whether it
    /// is the name's own.
    function findResolver(bytes calldata name) public view returns (address resolver, bool exact) {
        bytes32[] memory nodes = suffixNodes(name);
        for (uint256 i = 0; i < nodes.length; i++) {
            (bool ok, bytes memory ret) = registry.staticcall(abi.encodeWithSignature("resolver(bytes32)", nodes[i]));
            if (ok && ret.length == 32) {
                address found = abi.decode(ret, (address));
                if (found != address(0)) return (found, i == 0);
            }
        }
        return (address(0), false);
    }

    /// @dev The namehash of `name` and of each of its ancestors, longest first (the root excluded).
    function suffixNodes(bytes calldata name) private pure returns (bytes32[] memory nodes) {
        uint256[] memory starts = new uint256[](name.length);
        uint256 count = 0;
        uint256 offset = 0;
        while (true) {
            if (offset >= name.length) revert DNSDecodingFailed(name);
            uint256 size = uint8(name[offset]);
            if (size == 0) break;
            if (offset + 1 + size >= name.length) revert DNSDecodingFailed(name);
            starts[count++] = offset;
            offset += 1 + size;
        }
        if (offset != name.length - 1) revert DNSDecodingFailed(name);
        nodes = new bytes32[](count);
        bytes32 node = bytes32(0);
        for (uint256 i = count; i > 0; i--) {
            uint256 start = starts[i - 1];
            uint256 size = uint8(name[start]);
            node = keccak256(abi.encodePacked(node, labelHash(name, start + 1, size)));
            nodes[i - 1] = node;
        }
    }

    /// @dev keccak256 of a label, or the hash itself for a `[64 hex digits]` encoded labelhash.
    function labelHash(bytes calldata name, uint256 start, uint256 size) private pure returns (bytes32) {
        bytes calldata label = name[start:start + size];
        if (size == 66 && label[0] == "[" && label[65] == "]") {
            uint256 value = 0;
            bool valid = true;
            for (uint256 i = 1; i < 65; i++) {
                uint8 c = uint8(label[i]);
                uint8 digit;
                if (c >= 48 && c <= 57) digit = c - 48;
                else if (c >= 97 && c <= 102) digit = c - 87;
                else if (c >= 65 && c <= 70) digit = c - 55;
                else {
                    valid = false;
                    break;
                }
                value = (value << 4) | digit;
            }
            if (valid) return bytes32(value);
        }
        return keccak256(label);
    }

    function supportsInterface(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory ret) =
            target.staticcall{gas: 30_000}(abi.encodeWithSignature("supportsInterface(bytes4)", interfaceId));
        return ok && ret.length == 32 && abi.decode(ret, (bool));
    }
}
