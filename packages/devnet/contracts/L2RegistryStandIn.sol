// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// L2RegistryStandIn
// A stand-in, written for the offline devnet, for chain 42220's name registry of `celo.eth` names
// (`L2Registry` at 0x4d7912779679AFdC592CBd4674b32Fcb189395F7, namespace's CeloNames), which is also the
// names' resolver. The devnet places its runtime code at that address with `anvil_setCode`.
//
// Same as the chain's registry (the read side preflow uses):
// - `addr(bytes32 node, uint256 coinType) returns (bytes)` and `addr(bytes32 node) returns (address)`
//   (the latter is coin type 60), ENS `AddrResolver` semantics: records are returned whatever the expiry,
//   so a reader must check `expiries(node)` against the block time itself;
// - `expiries(bytes32 node) returns (uint256)` (unix seconds; 0 for a name never registered),
//   `ownerOf(uint256 tokenId)` (zero once expired), `names(bytes32)`, `rootNode()` (`namehash("celo.eth")`);
// - `register(string label, uint64 expiry, address owner, bytes[] resolverData)` creates `label.celo.eth`
//   (node = `keccak256(rootNode, keccak256(label))`), runs `resolverData` (`setAddr` calls on the new node)
//   and hands the name to `owner`; later `setAddr` calls need the unexpired name's owner.
//
// Different from the chain's registry (devnet only):
// - no ERC-721 transfers, approvals, text/contenthash records, registrar or admin roles: anyone may call
//   `register`, and `expiry` may lie in the past, so tests can create already-expired names directly.
contract L2RegistryStandIn {
    uint256 private constant COIN_TYPE_ETH = 60;
    /// @notice namehash("celo.eth").
    bytes32 public constant rootNode = keccak256(
        abi.encodePacked(
            keccak256(abi.encodePacked(bytes32(0), keccak256("eth"))),
            keccak256("celo")
        )
    );

    mapping(bytes32 => uint256) public expiries;
    mapping(bytes32 => string) public names;
    mapping(bytes32 => address) private owners;
    mapping(bytes32 => uint256) private versions;
    mapping(uint256 => mapping(bytes32 => mapping(uint256 => bytes))) private addresses;
    /// @dev The node being registered while `register` runs its resolver data (which may set records even
    /// for a name registered already expired).
    bytes32 private transient registering;

    event NewName(string label, uint64 expiry, address indexed owner, bytes32 indexed node);
    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);

    error EmptyLabel();
    error SubdomainAlreadyTaken(bytes32 node);
    error Unauthorised(bytes32 node, address caller);
    error NodeMismatch(bytes32 expected);
    error ResolverDataFailed(uint256 index);

    function register(string calldata label, uint64 expiry, address owner, bytes[] calldata resolverData) external {
        if (bytes(label).length == 0) revert EmptyLabel();
        bytes32 node = keccak256(abi.encodePacked(rootNode, keccak256(bytes(label))));
        if (ownerOf(uint256(node)) != address(0)) revert SubdomainAlreadyTaken(node);
        // An expired name is registered anew: its old records go (as the chain's registry does on revoke).
        if (owners[node] != address(0)) versions[node]++;
        expiries[node] = expiry;
        names[node] = string.concat(label, ".celo.eth");
        // Records are set during registration, then the name goes to `owner`.
        registering = node;
        for (uint256 i = 0; i < resolverData.length; i++) {
            bytes calldata call = resolverData[i];
            if (call.length < 36 || bytes32(call[4:36]) != node) revert NodeMismatch(node);
            (bool ok,) = address(this).delegatecall(call);
            if (!ok) revert ResolverDataFailed(i);
        }
        registering = bytes32(0);
        owners[node] = owner;
        emit NewName(label, expiry, owner, node);
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        bytes32 node = bytes32(tokenId);
        if (expiries[node] <= block.timestamp) return address(0);
        return owners[node];
    }

    function setAddr(bytes32 node, address a) external {
        setAddr(node, COIN_TYPE_ETH, abi.encodePacked(a));
    }

    function setAddr(bytes32 node, uint256 coinType, bytes memory a) public {
        if ((registering == bytes32(0) || node != registering) && ownerOf(uint256(node)) != msg.sender) revert Unauthorised(node, msg.sender);
        addresses[versions[node]][node][coinType] = a;
        emit AddressChanged(node, coinType, a);
    }

    function addr(bytes32 node) external view returns (address payable) {
        bytes memory a = addr(node, COIN_TYPE_ETH);
        if (a.length != 20) return payable(address(0));
        return payable(address(bytes20(a)));
    }

    function addr(bytes32 node, uint256 coinType) public view returns (bytes memory) {
        return addresses[versions[node]][node][coinType];
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x3b3b57de || interfaceId == 0xf1cb7e06;
    }
}
