// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title Erc8004IdentityRegistryStandIn
/// @notice A stand-in for ERC-8004's Identity registry v2.0.0 (erc-8004/erc-8004-contracts
/// `contracts/IdentityRegistryUpgradeable.sol`, `abis/IdentityRegistry.json`), Celo mainnet proxy
/// 0x8004A169FB4a3325136EB29fA0ceB6D2e539a432. No npm package ships its bytecode, so it is written here from that
/// source: the same functions, events, revert strings and custom errors (OpenZeppelin 5's ERC-721, ECDSA and Ownable
/// errors), the same EIP-712 domain ("ERC8004IdentityRegistry", "1", chain id, the registry's address) and rules
/// (ids from 0; `register` sets the agent wallet to the caller; the `agentWallet` metadata key is reserved;
/// `setAgentWallet` takes an `AgentWalletSet` signature of the new wallet with a deadline at most 5 minutes ahead,
/// ECDSA first then ERC-1271; a transfer clears the agent wallet; `_safeMint` calls `onERC721Received`).
/// Differences from mainnet: no ERC-1967/UUPS proxy (the runtime sits at the proxy's address, its constructor run
/// there, so there is no `initialize`, `upgradeToAndCall`, `proxiableUUID`, `UPGRADE_INTERFACE_VERSION`, no
/// `Initialized`/`Upgraded` events); plain storage slots instead of ERC-7201 namespaces; the owner (who may do
/// nothing here but transfer or renounce ownership) is the constructor's argument; the ERC-721 is written out here
/// instead of imported from OpenZeppelin (same behaviour and errors, ERC-165 ids and ERC-4906 `MetadataUpdate`).
/// devnet: placed by its constructor
contract Erc8004IdentityRegistryStandIn {
    struct MetadataEntry {
        string metadataKey;
        bytes metadataValue;
    }

    // ---- ERC-721 (OpenZeppelin 5 behaviour) ----
    error ERC721InvalidOwner(address owner);
    error ERC721NonexistentToken(uint256 tokenId);
    error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner);
    error ERC721InvalidSender(address sender);
    error ERC721InvalidReceiver(address receiver);
    error ERC721InsufficientApproval(address operator, uint256 tokenId);
    error ERC721InvalidApprover(address approver);
    error ERC721InvalidOperator(address operator);
    error ECDSAInvalidSignature();
    error ECDSAInvalidSignatureLength(uint256 length);
    error ECDSAInvalidSignatureS(bytes32 s);
    error OwnableUnauthorizedAccount(address account);
    error OwnableInvalidOwner(address owner);

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    event MetadataUpdate(uint256 _tokenId);
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);
    event EIP712DomainChanged();
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    // ---- ERC-8004 ----
    event Registered(uint256 indexed agentId, string agentURI, address indexed owner);
    event MetadataSet(uint256 indexed agentId, string indexed indexedMetadataKey, string metadataKey, bytes metadataValue);
    event URIUpdated(uint256 indexed agentId, string newURI, address indexed updatedBy);

    bytes32 private constant AGENT_WALLET_SET_TYPEHASH =
        keccak256("AgentWalletSet(uint256 agentId,address newWallet,address owner,uint256 deadline)");
    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes4 private constant ERC1271_MAGICVALUE = 0x1626ba7e;
    uint256 private constant MAX_DEADLINE_DELAY = 5 minutes;
    bytes32 private constant RESERVED_AGENT_WALLET_KEY_HASH = keccak256("agentWallet");
    uint256 private constant SECP256K1N_HALF = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;
    mapping(uint256 => string) private _tokenURIs;
    address private _owner;
    uint256 private _lastId;
    mapping(uint256 => mapping(string => bytes)) private _metadata;

    constructor(address initialOwner) {
        _transferOwnership(initialOwner);
    }

    // ---- Ownable ----
    function owner() public view returns (address) {
        return _owner;
    }

    function transferOwnership(address newOwner) external {
        if (msg.sender != _owner) revert OwnableUnauthorizedAccount(msg.sender);
        if (newOwner == address(0)) revert OwnableInvalidOwner(address(0));
        _transferOwnership(newOwner);
    }

    function renounceOwnership() external {
        if (msg.sender != _owner) revert OwnableUnauthorizedAccount(msg.sender);
        _transferOwnership(address(0));
    }

    function _transferOwnership(address newOwner) private {
        address old = _owner;
        _owner = newOwner;
        emit OwnershipTransferred(old, newOwner);
    }

    // ---- ERC-165 / ERC-721 metadata ----
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f // ERC-721 metadata
            || interfaceId == 0x49064906 // ERC-4906
            || interfaceId == 0x01ffc9a7; // ERC-165
    }

    function name() external pure returns (string memory) {
        return "AgentIdentity";
    }

    function symbol() external pure returns (string memory) {
        return "AGENT";
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        _requireOwned(tokenId);
        return _tokenURIs[tokenId];
    }

    // ---- ERC-721 ----
    function balanceOf(address holder) external view returns (uint256) {
        if (holder == address(0)) revert ERC721InvalidOwner(address(0));
        return _balances[holder];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        return _requireOwned(tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        address holder = _requireOwned(tokenId);
        if (msg.sender != holder && !isApprovedForAll(holder, msg.sender)) revert ERC721InvalidApprover(msg.sender);
        _tokenApprovals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) public view returns (address) {
        _requireOwned(tokenId);
        return _tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        if (operator == address(0)) revert ERC721InvalidOperator(operator);
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) public view returns (bool) {
        return _operatorApprovals[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        address previousOwner = _update(to, tokenId, msg.sender);
        if (previousOwner != from) revert ERC721IncorrectOwner(from, tokenId, previousOwner);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        _checkOnERC721Received(msg.sender, from, to, tokenId, data);
    }

    function _requireOwned(uint256 tokenId) private view returns (address holder) {
        holder = _owners[tokenId];
        if (holder == address(0)) revert ERC721NonexistentToken(tokenId);
    }

    function _isAuthorized(address holder, address spender, uint256 tokenId) private view returns (bool) {
        return spender != address(0)
            && (holder == spender || isApprovedForAll(holder, spender) || _tokenApprovals[tokenId] == spender);
    }

    /// OpenZeppelin 5's `_update`, with ERC-8004's override first: a transfer (not a mint or burn) clears the
    /// agent wallet before anything else.
    function _update(address to, uint256 tokenId, address auth) private returns (address from) {
        from = _owners[tokenId];
        if (from != address(0) && to != address(0)) {
            _metadata[tokenId]["agentWallet"] = "";
            emit MetadataSet(tokenId, "agentWallet", "agentWallet", "");
        }
        if (auth != address(0)) {
            if (!_isAuthorized(from, auth, tokenId)) {
                if (from == address(0)) revert ERC721NonexistentToken(tokenId);
                revert ERC721InsufficientApproval(auth, tokenId);
            }
        }
        if (from != address(0)) {
            _tokenApprovals[tokenId] = address(0);
            unchecked {
                _balances[from] -= 1;
            }
        }
        if (to != address(0)) {
            unchecked {
                _balances[to] += 1;
            }
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function _safeMint(address to, uint256 tokenId) private {
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        address previousOwner = _update(to, tokenId, address(0));
        if (previousOwner != address(0)) revert ERC721InvalidSender(address(0));
        _checkOnERC721Received(msg.sender, address(0), to, tokenId, "");
    }

    function _checkOnERC721Received(address operator, address from, address to, uint256 tokenId, bytes memory data)
        private
    {
        if (to.code.length == 0) return;
        try IERC721ReceiverLike(to).onERC721Received(operator, from, tokenId, data) returns (bytes4 retval) {
            if (retval != IERC721ReceiverLike.onERC721Received.selector) revert ERC721InvalidReceiver(to);
        } catch (bytes memory reason) {
            if (reason.length == 0) revert ERC721InvalidReceiver(to);
            assembly ("memory-safe") {
                revert(add(reason, 0x20), mload(reason))
            }
        }
    }

    function _setTokenURI(uint256 tokenId, string memory uri) private {
        _tokenURIs[tokenId] = uri;
        emit MetadataUpdate(tokenId);
    }

    // ---- EIP-712 / ERC-5267 ----
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name_,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", "ERC8004IdentityRegistry", "1", block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    function _hashTypedDataV4(bytes32 structHash) private view returns (bytes32) {
        bytes32 domainSeparator = keccak256(
            abi.encode(
                EIP712_DOMAIN_TYPEHASH,
                keccak256("ERC8004IdentityRegistry"),
                keccak256("1"),
                block.chainid,
                address(this)
            )
        );
        return keccak256(abi.encodePacked(hex"1901", domainSeparator, structHash));
    }

    /// OpenZeppelin 5's `ECDSA.tryRecover(bytes32, bytes)`: 65-byte signatures only, low `s` only.
    function _tryRecover(bytes32 hash, bytes calldata signature) private pure returns (address recovered, bool ok) {
        if (signature.length != 65) return (address(0), false);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > SECP256K1N_HALF) return (address(0), false);
        recovered = ecrecover(hash, v, r, s);
        ok = recovered != address(0);
    }

    // ---- ERC-8004 ----
    function register() external returns (uint256 agentId) {
        agentId = _lastId++;
        _metadata[agentId]["agentWallet"] = abi.encodePacked(msg.sender);
        _safeMint(msg.sender, agentId);
        emit Registered(agentId, "", msg.sender);
        emit MetadataSet(agentId, "agentWallet", "agentWallet", abi.encodePacked(msg.sender));
    }

    function register(string memory agentURI) external returns (uint256 agentId) {
        agentId = _lastId++;
        _metadata[agentId]["agentWallet"] = abi.encodePacked(msg.sender);
        _safeMint(msg.sender, agentId);
        _setTokenURI(agentId, agentURI);
        emit Registered(agentId, agentURI, msg.sender);
        emit MetadataSet(agentId, "agentWallet", "agentWallet", abi.encodePacked(msg.sender));
    }

    function register(string memory agentURI, MetadataEntry[] memory metadata) external returns (uint256 agentId) {
        agentId = _lastId++;
        _metadata[agentId]["agentWallet"] = abi.encodePacked(msg.sender);
        _safeMint(msg.sender, agentId);
        _setTokenURI(agentId, agentURI);
        emit Registered(agentId, agentURI, msg.sender);
        emit MetadataSet(agentId, "agentWallet", "agentWallet", abi.encodePacked(msg.sender));
        for (uint256 i; i < metadata.length; i++) {
            require(keccak256(bytes(metadata[i].metadataKey)) != RESERVED_AGENT_WALLET_KEY_HASH, "reserved key");
            _metadata[agentId][metadata[i].metadataKey] = metadata[i].metadataValue;
            emit MetadataSet(agentId, metadata[i].metadataKey, metadata[i].metadataKey, metadata[i].metadataValue);
        }
    }

    function getMetadata(uint256 agentId, string memory metadataKey) external view returns (bytes memory) {
        return _metadata[agentId][metadataKey];
    }

    function setMetadata(uint256 agentId, string memory metadataKey, bytes memory metadataValue) external {
        address agentOwner = _owners[agentId];
        require(
            msg.sender == agentOwner || isApprovedForAll(agentOwner, msg.sender) || msg.sender == getApproved(agentId),
            "Not authorized"
        );
        require(keccak256(bytes(metadataKey)) != RESERVED_AGENT_WALLET_KEY_HASH, "reserved key");
        _metadata[agentId][metadataKey] = metadataValue;
        emit MetadataSet(agentId, metadataKey, metadataKey, metadataValue);
    }

    function setAgentURI(uint256 agentId, string calldata newURI) external {
        address agentOwner = ownerOf(agentId);
        require(
            msg.sender == agentOwner || isApprovedForAll(agentOwner, msg.sender) || msg.sender == getApproved(agentId),
            "Not authorized"
        );
        _setTokenURI(agentId, newURI);
        emit URIUpdated(agentId, newURI, msg.sender);
    }

    function getAgentWallet(uint256 agentId) external view returns (address) {
        bytes memory walletData = _metadata[agentId]["agentWallet"];
        return address(bytes20(walletData));
    }

    function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes calldata signature) external {
        address agentOwner = ownerOf(agentId);
        require(
            msg.sender == agentOwner || isApprovedForAll(agentOwner, msg.sender) || msg.sender == getApproved(agentId),
            "Not authorized"
        );
        require(newWallet != address(0), "bad wallet");
        require(block.timestamp <= deadline, "expired");
        require(deadline <= block.timestamp + MAX_DEADLINE_DELAY, "deadline too far");

        bytes32 structHash = keccak256(abi.encode(AGENT_WALLET_SET_TYPEHASH, agentId, newWallet, agentOwner, deadline));
        bytes32 digest = _hashTypedDataV4(structHash);

        // ECDSA first (EOAs and EIP-7702 delegated EOAs), then ERC-1271 (smart contract wallets).
        (address recovered, bool ok) = _tryRecover(digest, signature);
        if (!ok || recovered != newWallet) {
            (bool success, bytes memory res) =
                newWallet.staticcall(abi.encodeWithSelector(ERC1271_MAGICVALUE, digest, signature));
            require(success && res.length >= 32 && abi.decode(res, (bytes4)) == ERC1271_MAGICVALUE, "invalid wallet sig");
        }

        _metadata[agentId]["agentWallet"] = abi.encodePacked(newWallet);
        emit MetadataSet(agentId, "agentWallet", "agentWallet", abi.encodePacked(newWallet));
    }

    function unsetAgentWallet(uint256 agentId) external {
        address agentOwner = ownerOf(agentId);
        require(
            msg.sender == agentOwner || isApprovedForAll(agentOwner, msg.sender) || msg.sender == getApproved(agentId),
            "Not authorized"
        );
        _metadata[agentId]["agentWallet"] = "";
        emit MetadataSet(agentId, "agentWallet", "agentWallet", "");
    }

    /// Whether `spender` is the agent's owner or an operator of it; reverts `ERC721NonexistentToken` when no agent.
    function isAuthorizedOrOwner(address spender, uint256 agentId) external view returns (bool) {
        address agentOwner = ownerOf(agentId);
        return _isAuthorized(agentOwner, spender, agentId);
    }

    function getVersion() external pure returns (string memory) {
        return "2.0.0";
    }
}

interface IERC721ReceiverLike {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}
