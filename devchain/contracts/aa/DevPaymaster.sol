// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BasePaymaster} from "@account-abstraction/contracts/core/BasePaymaster.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";

/// @title DevPaymaster
/// @notice DEV CHAIN ONLY. DO NOT DEPLOY ANYWHERE ELSE. An ERC-4337 paymaster for EntryPoint v0.8
/// that sponsors EVERY user operation, from any sender, with any calldata, at any gas price: no
/// signature, no allowlist, no limit. Anyone can drain its whole EntryPoint deposit by sending
/// user operations through it. It exists so the dev chain's smart accounts can send their first
/// user operation without holding ether, the way a sponsoring paymaster service (Pimlico,
/// Alchemy, Coinbase) lets them on a real chain; those check a signature of the service first.
/// @dev BasePaymaster v0.8 makes `msg.sender` the owner, which here would be the CREATE2 deployer
/// proxy, who can never call `withdrawTo`; the constructor hands ownership to `initialOwner` instead.
/// No context is returned, so the EntryPoint calls no postOp.
contract DevPaymaster is BasePaymaster {
    constructor(IEntryPoint anEntryPoint, address initialOwner) BasePaymaster(anEntryPoint) {
        _transferOwnership(initialOwner);
    }

    /// Accepts every user operation: empty context (no postOp), validation data 0 (valid, no time range).
    function _validatePaymasterUserOp(PackedUserOperation calldata, bytes32, uint256)
        internal
        pure
        override
        returns (bytes memory context, uint256 validationData)
    {
        return ("", 0);
    }
}
