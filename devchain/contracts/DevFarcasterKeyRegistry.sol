// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevFarcasterKeyRegistry (the read Sign In With Farcaster makes)
/// @notice Stands in for Farcaster's KeyRegistry on Optimism
/// (0x00000000fc1237824fb747abde0ff18990e59b7e). The Farcaster auth client asks `keyDataOf(fid, key)`
/// whether a signer is an auth address of the fid (state ADDED, keyType 2) before it falls back to
/// the IdRegistry's custody check. The dev accounts sign as custody, so no key is ever added; the
/// mapping (slot 0) is there so that a test can add one with `anvil_setStorageAt`.
contract DevFarcasterKeyRegistry {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    mapping(uint256 fid => mapping(bytes key => KeyData data)) internal keys;

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }
}
