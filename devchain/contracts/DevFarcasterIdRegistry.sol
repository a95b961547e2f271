// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevFarcasterIdRegistry (the reads Sign In With Farcaster makes)
/// @notice Stands in for Farcaster's IdRegistry on Optimism
/// (0x00000000Fc6c5F01Fc30151999387Bb99A9f489b), whose address the Farcaster auth client and the
/// auth relay have built in. Only its two reads: `idOf(owner)`, which the client's verifier asks
/// for the signer of a sign-in message, and `custodyOf(fid)`, which the relay asks when a channel
/// is authenticated. Nothing registers through it: devchain/farcasterRegistry.mjs places this
/// runtime code at the Optimism address (`anvil_setCode`) and writes the two mappings with
/// `anvil_setStorageAt`, so registering sends no transaction. It relies on this layout: `idOf`
/// in slot 0, `custodyOf` in slot 1.
contract DevFarcasterIdRegistry {
    mapping(address owner => uint256 fid) public idOf;
    mapping(uint256 fid => address owner) public custodyOf;
}
