// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevSmartWallet
/// @notice A minimal smart account for the dev chain, owned by one EOA, so sign-in can be tested
/// against a contract wallet. `isValidSignature` (ERC-1271) accepts the owner's ECDSA signature
/// of the hash; before the wallet is deployed, an ERC-6492 signature names DevSmartWalletFactory
/// and its `deploy(owner, salt)` call instead. `execute` lets the owner move what it holds.
contract DevSmartWallet {
    bytes4 internal constant VALID_SIGNATURE = 0x1626ba7e;
    bytes4 internal constant INVALID_SIGNATURE = 0xffffffff;
    /// Half the secp256k1 order: each signature with a larger `s` has a twin below it (EIP-2).
    uint256 internal constant HALF_ORDER =
        0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    error NotOwner();
    error CallFailed(bytes returnData);

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    /// ERC-1271. A malformed signature is answered "invalid", never with a revert.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID_SIGNATURE;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return INVALID_SIGNATURE;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? VALID_SIGNATURE : INVALID_SIGNATURE;
    }

    function execute(
        address to,
        uint256 value,
        bytes calldata data
    ) external payable returns (bytes memory result) {
        if (msg.sender != owner) revert NotOwner();
        bool success;
        (success, result) = to.call{value: value}(data);
        if (!success) revert CallFailed(result);
    }
}
