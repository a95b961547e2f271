// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevSmartWallet} from "./DevSmartWallet.sol";

/// @title DevSmartWalletFactory
/// @notice Deploys DevSmartWallets with CREATE2, so a wallet's address is known from its owner
/// and salt before it exists. `deploy(owner, salt)` is the factory call an ERC-6492 signature
/// carries; it is idempotent, because a verifier may run it for a wallet that is already there.
contract DevSmartWalletFactory {
    event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt);

    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = addressOf(owner, salt);
        if (wallet.code.length > 0) return wallet;
        new DevSmartWallet{salt: salt}(owner);
        emit WalletDeployed(wallet, owner, salt);
    }

    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(
            abi.encodePacked(type(DevSmartWallet).creationCode, abi.encode(owner))
        );
        bytes32 digest = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash));
        return address(uint160(uint256(digest)));
    }
}
