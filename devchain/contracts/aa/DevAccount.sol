// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {SimpleAccount} from "@account-abstraction/contracts/accounts/SimpleAccount.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title DevAccount
/// @notice An ERC-4337 smart account for the dev chain (EntryPoint v0.8), owned by one EOA key:
/// eth-infinitism's SimpleAccount v0.8 (user operations signed by the owner over the EIP-712
/// userOpHash, `execute` and `executeBatch`), plus ERC-1271 so a site can verify what the account
/// signs. SimpleAccount itself has no `isValidSignature`.
/// @dev Dev only: `isValidSignature` accepts the owner's ECDSA signature of the raw hash. The
/// same signature is then valid for every account this owner has, on every chain; a production
/// account binds the hash to itself first (an EIP-712 domain with its address and chain id, as
/// ERC-7739 does). Malformed input is answered "invalid", never with a revert.
contract DevAccount is SimpleAccount, IERC1271 {
    bytes4 internal constant INVALID_SIGNATURE = 0xffffffff;

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// ERC-1271: valid when `signature` (65 bytes) recovers `hash` to the owner.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError recoverError, ) = ECDSA.tryRecover(hash, signature);
        if (recoverError == ECDSA.RecoverError.NoError && signer == owner)
            return IERC1271.isValidSignature.selector;
        return INVALID_SIGNATURE;
    }
}

/// @title DevAccountFactory
/// @notice Deploys DevAccounts as ERC-1967 proxies with CREATE2, so an account's address is known
/// from its owner and salt before it exists (`getAddress`). SimpleAccountFactory v0.8 only lets
/// the EntryPoint's SenderCreator call `createAccount`; this one lets anyone, because an ERC-6492
/// verifier (viem's `verifyMessage`) runs the factory call itself to check a signature of an
/// account that is not deployed yet. `createAccount` is idempotent: a verifier or a user operation
/// may run it for an account that is already there.
contract DevAccountFactory {
    DevAccount public immutable accountImplementation;

    constructor(IEntryPoint anEntryPoint) {
        accountImplementation = new DevAccount(anEntryPoint);
    }

    function createAccount(address owner, uint256 salt) public returns (DevAccount) {
        address account = getAddress(owner, salt);
        if (account.code.length > 0) return DevAccount(payable(account));
        return DevAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(
            address(accountImplementation),
            abi.encodeCall(SimpleAccount.initialize, (owner))
        )));
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(bytes32(salt), keccak256(abi.encodePacked(
            type(ERC1967Proxy).creationCode,
            abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))
        )));
    }
}
