// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {DevnetToken} from "./DevnetToken.sol";

/// @title TetherTokenStandIn
/// @notice USD₮'s stand-in on the offline devnet: DevnetToken (ERC-20, open mint, Circle-style
/// `debitGasFees`/`creditGasFees` behind Celo's FeeCurrencyAdapter) plus EIP-3009 `transferWithAuthorization`,
/// `receiveWithAuthorization`, `cancelAuthorization` and `authorizationState`, so x402's `exact` scheme can pay
/// in USD₮ as it does on mainnet.
/// Differences from mainnet's USD₮ on Celo (Tether's upgradeable TetherToken behind a proxy, not published as an
/// npm artifact): no proxy, no blocklist, no pause, no owner-only mint; signatures are EOA-only (ecrecover, no
/// ERC-1271); the EIP-712 domain is { name: name() ("Tether USD"), version: "1", chainId, verifyingContract }, the
/// domain x402's reference packages use for USD₮ on eip155:42220. The EIP-3009 type hashes, events and the
/// authorization-state rules (used or cancelled nonces refused, validAfter < now < validBefore) are the standard's.
contract TetherTokenStandIn is DevnetToken {
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    mapping(address => mapping(bytes32 => bool)) private _authorizationStates;

    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    /// The EIP-712 version of the domain.
    function version() external pure returns (string memory) {
        return "1";
    }

    /// The EIP-712 domain separator for this chain and address.
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes(name)),
                keccak256(bytes("1")),
                block.chainid,
                address(this)
            )
        );
    }

    /// Whether `nonce` of `authorizer` has been used or cancelled.
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _requireValid(from, nonce, validAfter, validBefore);
        bytes32 structHash =
            keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        _requireSigner(structHash, from, v, r, s);
        _use(from, nonce);
        _transfer(from, to, value);
    }

    /// The same with the signature as 65 bytes (r, s, v), as FiatTokenV2_2 also accepts.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        _requireValid(from, nonce, validAfter, validBefore);
        bytes32 structHash =
            keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        (uint8 v, bytes32 r, bytes32 s) = _split(signature);
        _requireSigner(structHash, from, v, r, s);
        _use(from, nonce);
        _transfer(from, to, value);
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        require(to == msg.sender, "EIP3009: caller must be the payee");
        _requireValid(from, nonce, validAfter, validBefore);
        bytes32 structHash =
            keccak256(abi.encode(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        _requireSigner(structHash, from, v, r, s);
        _use(from, nonce);
        _transfer(from, to, value);
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        require(!_authorizationStates[authorizer][nonce], "EIP3009: authorization is used or canceled");
        _requireSigner(keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce)), authorizer, v, r, s);
        _authorizationStates[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    function _requireValid(address from, bytes32 nonce, uint256 validAfter, uint256 validBefore) private view {
        require(block.timestamp > validAfter, "EIP3009: authorization is not yet valid");
        require(block.timestamp < validBefore, "EIP3009: authorization is expired");
        require(!_authorizationStates[from][nonce], "EIP3009: authorization is used or canceled");
    }

    function _requireSigner(bytes32 structHash, address signer, uint8 v, bytes32 r, bytes32 s) private view {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
        require(
            uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0, "EIP3009: invalid signature"
        );
        address recovered = ecrecover(digest, v, r, s);
        require(recovered != address(0) && recovered == signer, "EIP3009: invalid signature");
    }

    function _split(bytes calldata signature) private pure returns (uint8 v, bytes32 r, bytes32 s) {
        require(signature.length == 65, "EIP3009: invalid signature length");
        r = bytes32(signature[0:32]);
        s = bytes32(signature[32:64]);
        v = uint8(signature[64]);
    }

    function _use(address authorizer, bytes32 nonce) private {
        _authorizationStates[authorizer][nonce] = true;
        emit AuthorizationUsed(authorizer, nonce);
    }
}
