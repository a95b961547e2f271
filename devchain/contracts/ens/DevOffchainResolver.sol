// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title DevOffchainResolver
/// @notice An ENSIP-10 wildcard resolver that answers every name through a CCIP-Read (EIP-3668)
///         gateway, with the design of ENS's offchain resolver (ensdomains/offchain-resolver,
///         OffchainResolver.sol): `resolve(name, data)` reverts `OffchainLookup` asking the gateway
///         for `resolve(name, data)`; the gateway answers `abi.encode(bytes result, uint64 expires,
///         bytes signature)`, and `resolveWithProof` returns `result` when a signer this resolver
///         trusts signed
///         `keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(request), keccak256(result)))`
///         and `expires` has not passed.
///
///         Unlike ENS's, the gateway URL and the signers are set after deployment by the owner
///         (`setGateway`), so the CREATE2 address does not depend on them.
contract DevOffchainResolver {
    error OffchainLookup(
        address sender,
        string[] urls,
        bytes callData,
        bytes4 callbackFunction,
        bytes extraData
    );
    error Unauthorised(address sender);
    error SignatureExpired(uint64 expires);
    error InvalidSignature();
    error UnknownSigner(address signer);

    event GatewayChanged(string url, address[] signers);

    /// @notice May call `setGateway`.
    address public immutable owner;
    /// @notice The gateway's EIP-3668 URL template, e.g. `https://api.example/v1/names/gateway/{sender}/{data}.json`.
    string public url;
    address[] private signerList;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Replaces the gateway URL and the signers whose answers are accepted.
    function setGateway(string calldata url_, address[] calldata signers_) external {
        if (msg.sender != owner) revert Unauthorised(msg.sender);
        url = url_;
        signerList = signers_;
        emit GatewayChanged(url_, signers_);
    }

    function signers() external view returns (address[] memory) {
        return signerList;
    }

    function isSigner(address account) public view returns (bool) {
        if (account == address(0)) return false;
        for (uint256 i; i < signerList.length; ++i) if (signerList[i] == account) return true;
        return false;
    }

    /// @notice ERC-165: itself and IExtendedResolver (ENSIP-10).
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x9061b923;
    }

    /// @notice ENSIP-10: always asks the gateway.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeWithSelector(this.resolve.selector, name, data);
        string[] memory urls = new string[](1);
        urls[0] = url;
        revert OffchainLookup(
            address(this),
            urls,
            callData,
            this.resolveWithProof.selector,
            abi.encode(callData, address(this))
        );
    }

    /// @notice The CCIP-Read callback: checks the gateway's signature and returns its result.
    function resolveWithProof(
        bytes calldata response,
        bytes calldata extraData
    ) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory signature) = abi.decode(
            response,
            (bytes, uint64, bytes)
        );
        (bytes memory request, address target) = abi.decode(extraData, (bytes, address));
        bytes32 hash = keccak256(
            abi.encodePacked(hex"1900", target, expires, keccak256(request), keccak256(result))
        );
        address signer = _recover(hash, signature);
        if (!isSigner(signer)) revert UnknownSigner(signer);
        if (expires < block.timestamp) revert SignatureExpired(expires);
        return result;
    }

    /// @dev 65-byte r ‖ s ‖ v, v 27 or 28, s in the lower half (as OpenZeppelin's ECDSA.recover).
    function _recover(bytes32 hash, bytes memory signature) private pure returns (address) {
        if (signature.length != 65) revert InvalidSignature();
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        if (
            uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0 ||
            (v != 27 && v != 28)
        ) revert InvalidSignature();
        address signer = ecrecover(hash, v, r, s);
        if (signer == address(0)) revert InvalidSignature();
        return signer;
    }
}
